import gg

n = sum(1 for e in gg.files.list_dir() if e.kind == gg.files.EntryKind.FILE)
gg.views.open_text(f"{n} files", "file count")
