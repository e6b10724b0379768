import gg

path = "notes/journal.txt"
info = gg.files.read_file(path)
total = info.total_lines
print(total)
if total > 0:
    last = gg.files.read_file(path, offset=total - 1, limit=1).contents
    print(last.rstrip("\r\n"))
else:
    print("")
