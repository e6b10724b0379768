import gg

r = gg.files.read_file("notes/journal.txt")
print(f"{r.total_lines} lines")
last = gg.files.read_file("notes/journal.txt", offset=r.total_lines - 1, limit=1)
print(last.contents.rstrip("\n"))
