import gg

for entry in gg.files.list_dir("docs"):
    if entry.kind == gg.files.EntryKind.DIRECTORY:
        kind = "folder"
    elif entry.kind == gg.files.EntryKind.FILE:
        kind = "file"
    elif entry.kind == gg.files.EntryKind.SYMLINK:
        kind = "symlink"
    else:
        kind = "other"
    print(f"{entry.name}: {kind}")
