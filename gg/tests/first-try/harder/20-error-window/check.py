import sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from checklib import Run, fail, has_number

run = Run()
run.require_completed()
views = [v for v in run.views() if v.get("kind") == "file" and v.get("selector", "").lstrip("./") == "logs/build.log"]
if not views:
    fail(f"no file view of logs/build.log (views: {[(v.get('kind'), v.get('selector')) for v in run.views()]})")
v = views[-1]
if (v.get("offset"), v.get("limit")) != (131, 11):
    fail(f"the view shows offset {v.get('offset')} limit {v.get('limit')}; lines 132-142 are offset 131 limit 11")
if "ERROR db: migration 0042_add_index failed" not in (v.get("body") or ""):
    fail("the view's body does not hold the ERROR line")
if not any(has_number(l.replace("0042", ""), 137) for l in run.logs()):
    fail("the ERROR line's number 137 was not printed")
