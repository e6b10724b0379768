import gg

entries = gg.files.list_dir(".")
count = sum(1 for e in entries if not e.is_dir)
print(count)
gg.views.open_text(str(count), label="file count")
