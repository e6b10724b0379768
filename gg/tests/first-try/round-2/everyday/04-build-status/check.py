import sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from checklib import Run, fail, has_number

run = Run()
run.require_completed()
if not any("build.sh" in str((c.get("args") or {}).get("command", "")) for c in run.ok_calls("shell.run")):
    fail("the build was never run (no shell.run of scripts/build.sh)")
logs = run.logs()
if not any("error: missing icon assets/icon-512.png" in l for l in logs):
    fail("the output's last line `error: missing icon assets/icon-512.png` was not printed")
if not any(has_number(l.replace("512", ""), 3) for l in logs):
    fail("the exit code 3 was not printed")
if any("compiling 12 modules" in l or "packing assets" in l for l in logs):
    fail("more of the output than its last line was printed")
