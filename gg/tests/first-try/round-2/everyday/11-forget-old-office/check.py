import sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from checklib import Run, fail

GONE = ["old-office-keys", "old-office-parking", "old-office-wifi"]
KEPT = ["office-address", "office-wifi"]
run = Run()
run.require_completed()
have = sorted(run.memories())
if have != KEPT:
    fail(f"the memories left are {have!r}, expected {KEPT!r}")
text = run.log_text()
for name in GONE:
    if name not in text:
        fail(f"the deleted memory {name} was not printed")
if any(l.strip() == "office-wifi" or l.strip().endswith(" office-wifi") for l in run.logs()):
    fail("office-wifi was printed as deleted")
