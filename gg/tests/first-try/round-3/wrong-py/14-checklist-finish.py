import gg

# Near miss: every non-empty line counted as an item.
lines = [l for l in gg.files.read_file("release/checklist.md").contents.splitlines() if l.strip()]
items = [l for l in lines if l.startswith("- [")]
if all(l.startswith("- [x]") for l in items):
    gg.session.finish(f"The checklist is complete ({len(lines)} items).")
else:
    print("\n".join(l for l in items if not l.startswith("- [x]")))
