import sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from checklib import Run, fail

run = Run()
run.require_completed()
if not any("wc" in str((c.get("args") or {}).get("command", "")) for c in run.ok_calls("shell.run")):
    fail("no successful shell.run call ran wc")
if "24" not in [l.strip() for l in run.logs()]:
    fail(f"no printed line is just the number 24 (printed: {run.logs()[:5]!r})")
