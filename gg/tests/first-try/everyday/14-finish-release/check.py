import sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from checklib import Run, fail

run = Run()
run.require_completed()
e = run.ending()
if not e or e.get("kind") != "finish":
    fail(f"the session did not end with finish (ending: {e!r})")
if "2.4.1" not in (e.get("summary") or ""):
    fail(f"the summary {e.get('summary')!r} does not give the version 2.4.1")
