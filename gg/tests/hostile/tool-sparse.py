# A sparse file of 4 GiB, made in an instant: a read streams its first 256 KiB and scans no
# further than 64 MiB (it used to hold the whole file in gg's memory first).
import gg

gg.shell.run("truncate -s 4G big.bin")
r = gg.files.read_file("big.bin")
print("read", len(r.contents), "bytes, lines", r.first_line, "to", r.last_line, "of", r.total_lines, "truncated", r.truncated)
for name, call in [
    ("past the scan", lambda: gg.files.read_file("big.bin", offset=1)),
    ("edit", lambda: gg.files.edit_file("big.bin", "a", "b")),
]:
    try:
        call()
    except gg.ApiError as e:
        print(name, e.code, e.message)
