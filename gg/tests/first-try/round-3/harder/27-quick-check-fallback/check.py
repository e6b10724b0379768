import sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from checklib import Run, fail

run = Run()
run.require_completed()
cmds = [(str((c.get("args") or {}).get("command", "")), c.get("args") or {}, c.get("result") or {})
        for c in run.ok_calls("shell.run")]
full = [(args, res) for cmd, args, res in cmds if "full-check.sh" in cmd]
quick = [i for i, (cmd, _, _) in enumerate(cmds) if "quick-check.sh" in cmd]
if not full:
    fail(f"the full check was never run (the shell ran {[c for c, _, _ in cmds]!r})")
args, res = full[0]
secs = args.get("timeout-secs", args.get("timeout_secs"))
if secs is None or float(secs) > 5:
    fail(f"the full check was given a timeout of {secs!r} s, not at most 5")
if not res.get("timed-out", res.get("timed_out")):
    fail(f"the full check did not time out: {res!r}")
if not quick or quick[0] < next(i for i, (cmd, _, _) in enumerate(cmds) if "full-check.sh" in cmd):
    fail("the quick check was not run after the full check timed out")
logs = run.logs()
if not any("quick check: ok, 2 warnings" in l for l in logs):
    fail("the quick check's last line `quick check: ok, 2 warnings` was not printed")
for other in ("linting 38 files", "96 unit tests", "full check: 412 passed"):
    if any(other in l for l in logs):
        fail(f"`{other}` was printed: more than the quick check's last line")
