import sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from checklib import Run, fail

WANT = ["Dark mode colours are too faint", "Sidebar overlaps the footer", "Tooltips never disappear"]
NOT = ["API returns 500 on empty query", "Old logo in the header", "Cache is never evicted"]
run = Run()
run.require_completed()
logs = run.logs()
for t in WANT:
    if not any(t in l for l in logs):
        fail(f"the open ui issue `{t}` was not printed")
for t in NOT:
    if any(t in l for l in logs):
        fail(f"`{t}` is not an open ui issue but was printed")
if sum(any(t in l for t in WANT) for l in logs) != len(WANT):
    fail("the titles were not printed one per line")
