import sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from checklib import Run, fail, has_number

WANT = {"api.py": 2, "db.py": 1, "ui/forms.py": 1}
run = Run()
run.require_completed()
logs = run.logs()
for path, n in WANT.items():
    if not any(path in l and has_number(l, n) for l in logs):
        fail(f"no printed line gives src/{path} with its {n} line(s)")
for other in ("main.py", "CHANGES.md"):
    if any(other in l for l in logs):
        fail(f"{other} was printed, but it has no mention under src")
