import gg

# Near miss: a file holding only a newline taken for empty.
for e in gg.files.list_dir("uploads"):
    if e.kind == gg.files.EntryKind.FILE and not gg.files.read_file(e.path).contents.strip():
        print(e.name)
