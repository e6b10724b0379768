import sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from checklib import Run, fail, lines_of

WANT = ["bug: 2 open, 2 closed", "docs: 0 open, 2 closed", "perf: 3 open, 0 closed", "ui: 2 open, 1 closed"]
run = Run()
run.require_completed()
got = [" ".join(l.split()) for l in lines_of(run.text("docs/labels.txt")) if l.strip()]
if got != WANT:
    fail(f"docs/labels.txt holds {got!r}, expected {WANT!r}")
if len(run.issues()) != 10:
    fail("the board was changed")
