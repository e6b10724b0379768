import sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from checklib import Run, fail

WANT = [
    ("parser.c", 5, "TODO: report the column of a bad token"),
    ("parser.c", 10, "TODO: make the depth limit configurable"),
    ("util/strings.c", 3, "TODO: replace with a length-checked copy"),
]
run = Run()
run.require_completed()
logs = run.logs()
for path, line, text in WANT:
    if not any(path in l and f":{line}:" in l.replace(" ", "") and text in l for l in logs):
        fail(f"no printed line `src/{path}:{line}: ...{text}`")
if any("outside src" in l for l in logs):
    fail("a TODO outside src (NOTES.md) was printed")
