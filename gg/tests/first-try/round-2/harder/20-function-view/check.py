import sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from checklib import Run, fail

run = Run()
run.require_completed()
views = [v for v in run.views() if v.get("kind") == "file" and v.get("selector", "").lstrip("./") == "src/reader.py"]
if not views:
    fail(f"no file view of src/reader.py (views: {[(v.get('kind'), v.get('selector')) for v in run.views()]})")
v = views[-1]
if (v.get("offset"), v.get("limit")) != (20, 12):
    fail(f"the view shows offset {v.get('offset')} limit {v.get('limit')}; lines 21-32 are offset 20 limit 12")
