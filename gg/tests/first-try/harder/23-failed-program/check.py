import json, sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from checklib import Run, fail, has_number, lines_of

run = Run()
run.require_completed()
want = lines_of((Path(__file__).parent / "failed-source.txt").read_text())
got = lines_of(run.text("failed-program.txt"))
if got != want:
    fail(f"failed-program.txt is not turn 3's source (it starts {got[:2]!r})")
logs = run.logs()
if not any(has_number(l, 3) for l in logs):
    fail("the failed program's turn, 3, was not printed")
if not any("plan.md" in l or "not-found" in l or "not found" in l.lower() for l in logs):
    fail("how the program failed (not-found: no file notes/plan.md) was not printed")
