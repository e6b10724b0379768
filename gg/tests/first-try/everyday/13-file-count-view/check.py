import sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from checklib import Run, fail, has_number

run = Run()
run.require_completed()
want = 3  # README.md (the default workspace), Makefile, LICENSE
views = [v for v in run.views() if v.get("kind") == "text" and v.get("selector", "").strip().lower() == "file count"]
if not views:
    fail(f"no text view labelled `file count` (views: {[(v.get('kind'), v.get('selector')) for v in run.views()]})")
if not has_number(views[0].get("body", ""), want):
    fail(f"the view's text {views[0].get('body', '')!r} does not give the count {want}")
