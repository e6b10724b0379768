import unicodedata
import gg

text = gg.files.read_file("lists/guests.txt").contents
names = []
seen = set()
for line in text.splitlines():
    name = line.strip()
    if name and name not in seen:
        seen.add(name)
        names.append(name)


def sort_key(name):
    folded = unicodedata.normalize("NFKD", name)
    base = "".join(c for c in folded if not unicodedata.combining(c)).casefold()
    return (base, name)


names.sort(key=sort_key)
gg.files.write_file("lists/guests-sorted.txt", "".join(n + "\n" for n in names))
print(f"wrote {len(names)} names to lists/guests-sorted.txt")
