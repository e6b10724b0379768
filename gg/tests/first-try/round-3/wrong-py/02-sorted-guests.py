import gg

# Near miss: sorted, but the names twice in the list stay twice.
names = [l.strip() for l in gg.files.read_file("lists/guests.txt").contents.splitlines() if l.strip()]
gg.files.write_file("lists/guests-sorted.txt", "".join(n + "\n" for n in sorted(names)))
