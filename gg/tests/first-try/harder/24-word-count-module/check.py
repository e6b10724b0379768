import sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from checklib import Run, fail, has_number

run = Run()
run.require_completed()
m = run.memory("textstats")
if m is None or not (m.get("code") or "").strip():
    fail("there is no memory `textstats` with code")
bound = [b for b in run.first.get("module_bindings") or [] if (b.get("key") or "").replace("_", "").lower() == "textstats"]
if not bound:
    fail("the first program bound no code module `textstats`")
if bound[0].get("check") == "failed":
    fail(f"the module `textstats` failed its check: {run.first.get('module_errors')!r}")
if len(run.outcomes) < 2 or not run.first.get("rerun"):
    fail(f"no second program ran after the first (rerun_stopped: {run.first.get('rerun_stopped')!r})")
if "textstats" not in run.first["rerun"].lower():
    fail("the second program does not use the module `textstats`")
if not any(has_number(l, 24) for o in run.outcomes[1:] for l in o.get("logs") or []):
    fail("the second program did not print the word count 24")
