import gg
r = gg.files.read_file("notes/journal.txt")
print(len(r.contents.splitlines()) - 1, "lines")
print(r.contents.splitlines()[-1])
