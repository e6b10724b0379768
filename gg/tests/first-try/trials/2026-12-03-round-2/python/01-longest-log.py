import gg

best_name = None
best_lines = -1
for entry in gg.files.list_dir("logs"):
    if entry.kind != gg.files.EntryKind.FILE:
        continue
    read = gg.files.read_file("logs/" + entry.name)
    if read.total_lines > best_lines:
        best_name = entry.name
        best_lines = read.total_lines

if best_name is None:
    print("No log files in logs/")
else:
    print(f"{best_name}: {best_lines} lines")
