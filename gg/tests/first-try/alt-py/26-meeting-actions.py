import gg
acts = {}
for line in gg.files.read_file("notes/meeting.txt").contents.splitlines():
    if line.startswith("ACTION("):
        who, what = line[len("ACTION("):].split("): ", 1)
        acts.setdefault(who, []).append(what)
md = "\n\n".join(f"## {w.capitalize()}\n" + "\n".join(f"- {a}" for a in acts[w]) for w in sorted(acts))
gg.files.write_file("notes/actions.md", md + "\n")
for w in sorted(acts):
    print(f"{w.capitalize()} has {len(acts[w])} action(s)")
