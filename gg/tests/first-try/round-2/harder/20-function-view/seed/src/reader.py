"""Reads the archive format."""

import struct

MAGIC = b"GGAR"
VERSION = 3


def open_archive(path):
    """Opens an archive and checks its magic."""
    f = open(path, "rb")
    if f.read(4) != MAGIC:
        raise ValueError("not an archive")
    return f


def read_u32(f):
    return struct.unpack("<I", f.read(4))[0]


def parse_header(f):
    """The header: version, entry count and the index offset."""
    version = read_u32(f)
    if version > VERSION:
        raise ValueError(f"version {version} is too new")
    count = read_u32(f)
    index_at = read_u32(f)
    # the flags word is reserved
    read_u32(f)
    return {"version": version, "count": count, "index": index_at}


def parse_index(f, header):
    """The entries listed in the index."""
    f.seek(header["index"])
    entries = []
    for _ in range(header["count"]):
        entries.append(read_u32(f))
    return entries


def main(path):
    f = open_archive(path)
    header = parse_header(f)
    print(parse_index(f, header))
