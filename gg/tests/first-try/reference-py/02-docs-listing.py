import gg

for e in gg.files.list_dir("docs"):
    kind = "folder" if e.kind == gg.files.EntryKind.DIRECTORY else "file"
    print(f"{e.name}: {kind}")
