import gg

for e in gg.files.list_dir("uploads"):
    if e.kind == gg.files.EntryKind.FILE and gg.files.read_file(e.path).contents == "":
        print(e.name)
