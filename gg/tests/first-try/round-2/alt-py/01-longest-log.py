import gg

best = None
for e in gg.files.list_dir("logs"):
    if e.kind != gg.files.EntryKind.FILE:
        continue
    n = int(gg.shell.run(f"wc -l < logs/{e.name}").output.strip())
    if best is None or n > best[1]:
        best = (e.name, n)
print(f"The longest is {best[0]} ({best[1]} lines).")
