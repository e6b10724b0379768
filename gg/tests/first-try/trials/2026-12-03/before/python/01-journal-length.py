import gg

text = gg.files.read_file("notes/journal.txt")
lines = text.splitlines()
print(len(lines))
print(lines[-1] if lines else "")
