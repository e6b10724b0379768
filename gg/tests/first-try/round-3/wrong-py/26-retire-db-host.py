import gg

# Near miss: only the files directly in config, not its sub-folders.
for e in gg.files.list_dir("config"):
    if e.kind == gg.files.EntryKind.FILE:
        text = gg.files.read_file(e.path).contents
        if "db-old.internal" in text:
            gg.files.write_file(e.path, text.replace("db-old.internal", "db.internal"))
            print(e.path)
