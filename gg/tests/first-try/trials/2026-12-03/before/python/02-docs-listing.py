import gg

entries = gg.files.list_dir("docs")
for entry in entries:
    kind = "folder" if entry.is_dir else "file"
    print(f"{entry.name}: {kind}")
