import sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from checklib import Run, fail

run = Run()
run.require_completed()
logs = [l.lower() for l in run.logs()]
for name in ["guide.md", "faq.md"]:
    if not any(name in l and "file" in l and "folder" not in l and "dir" not in l for l in logs):
        fail(f"no line says `{name}` is a file")
if not any("images" in l and "logo.txt" not in l and ("folder" in l or "dir" in l) for l in logs):
    fail("no line says `images` is a folder")
