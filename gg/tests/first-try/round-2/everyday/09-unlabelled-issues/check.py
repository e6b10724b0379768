import sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from checklib import Run, fail, meaningful

WANT = ["#2 Rename the settings tab", "#5 Slow start on old phones", "#9 Calendar shows the wrong week number"]
run = Run()
run.require_completed()
printed = [" ".join(l.split()) for l in meaningful(run.logs())]
for w in WANT:
    if w not in printed:
        fail(f"the line `{w}` was not printed")
for other in ("#1 ", "#3 ", "#4 ", "#6 "):
    if any(l.startswith(other) for l in printed):
        fail(f"issue {other.strip()} was printed, but it is closed or labelled")
