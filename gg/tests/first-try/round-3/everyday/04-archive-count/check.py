import sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from checklib import Run, fail, has_number

run = Run()
run.require_completed()
if not any("tar" in str((c.get("args") or {}).get("command", "")).split("site-2026-11")[0]
           for c in run.ok_calls("shell.run")):
    fail("the archive was never listed with the shell (no shell.run of tar)")
logs = [l.replace("2026-11", "") for l in run.logs()]
if not any(has_number(l, 9) for l in logs):
    fail("the archive's 9 files were not printed as a number")
for wrong in (8, 10, 11, 12):
    if any(has_number(l, wrong) for l in logs):
        fail(f"{wrong} was printed; the archive holds 9 files")
