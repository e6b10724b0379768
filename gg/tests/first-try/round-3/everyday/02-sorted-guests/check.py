import sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from checklib import Run, fail, lines_of

WANT = ["Ana Souza", "Bo Lindqvist", "Léa Martin", "Priya Raman", "Tom Becker", "Zoe Adams"]
run = Run()
run.require_completed()
got = [l.strip() for l in lines_of(run.text("lists/guests-sorted.txt"))]
if got != WANT:
    fail(f"lists/guests-sorted.txt holds {got!r}, expected {WANT!r}")
seed = (Path(__file__).parent / "seed/lists/guests.txt").read_text(encoding="utf-8")
if lines_of(run.text("lists/guests.txt")) != lines_of(seed):
    fail("lists/guests.txt was changed")
