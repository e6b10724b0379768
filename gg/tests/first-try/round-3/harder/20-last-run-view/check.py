import sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from checklib import Run, fail

# The last line starting with `=== start` is line 42 (offset 41); the file has 58 lines, so the
# view is offset 41 with 17 lines, or any limit reaching past the end. Line 47 holds the marker
# inside its text, and does not start with it.
run = Run()
run.require_completed()
views = [v for v in run.views() if v.get("kind") == "file" and v.get("selector", "").removeprefix("./") == "logs/server.log"]
if not views:
    fail(f"no file view of logs/server.log (views: {[(v.get('kind'), v.get('selector')) for v in run.views()]})")
v = views[-1]
offset, limit = v.get("offset"), v.get("limit")
if offset != 41 or (limit is not None and limit < 17):
    fail(f"the view shows offset {offset} limit {limit}; the last run is lines 42-58, offset 41 limit 17")
