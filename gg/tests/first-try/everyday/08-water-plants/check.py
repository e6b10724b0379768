import sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from checklib import Run, fail

WANT = {1: "pending", 2: "done", 3: "done", 4: "in-progress"}
run = Run()
run.require_completed()
got = {t["id"]: t["status"] for t in run.tasks()}
if got != WANT:
    fail(f"task statuses are {got}, expected {WANT}")
text = run.log_text()
for title in ["Buy stamps", "Renew passport"]:
    if title not in text:
        fail(f"`{title}` (not done) was not printed")
if "Call the bank" in text:
    fail("`Call the bank` is done but was printed")
