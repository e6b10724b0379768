import sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from checklib import Run, fail, lines_of

WANT = ["aaron.cole@example.com", "ada.brandt@example.com", "carla.ruiz@example.com"]
run = Run()
run.require_completed()
views = [v for v in run.views() if v.get("kind") == "text" and v.get("selector", "").strip().lower() == "sales emails"]
if not views:
    fail(f"no text view labelled `sales emails` (views: {[(v.get('kind'), v.get('selector')) for v in run.views()]})")
got = [l.strip().lstrip("-* ").strip() for l in lines_of(views[-1].get("body") or "") if l.strip()]
if got != WANT:
    fail(f"the view lists {got!r}, expected {WANT!r}, one per line")
