import sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from checklib import Run, fail, norm, one_line

def is_close(name):
    return norm(name).endswith("viewsclose")

run = Run()
run.require_completed()
searches = run.require_call("docs.search", "the documentation was never searched (docs.search)")
sigs = [h.get("signature", "") for c in searches for h in ((c.get("result") or {}).get("hits") or [])
        if is_close(h.get("name", ""))]
if not sigs:
    fail("no docs.search call found the views' close operation")
text = one_line(run.log_text())
if not any(one_line(s) in text for s in sigs if s.strip()):
    fail(f"the signature {sigs[0]!r} was not printed")
if not any(v.get("kind") == "docs" and is_close(v.get("selector", "")) for v in run.views()):
    fail(f"no docs view of the close operation (views: {[(v.get('kind'), v.get('selector')) for v in run.views()]})")
