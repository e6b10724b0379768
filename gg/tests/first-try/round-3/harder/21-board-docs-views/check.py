import sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from checklib import Run, fail, norm

# The board's operations, as every arm's catalogue spells them once normalised:
# gg.board.create_issue, board.createIssue, gg::board::create_issue, gg.Board.createIssue, ...
OPS = ["createissue", "updateissue", "listissues", "removeissue"]
run = Run()
run.require_completed()
searches = run.require_call("docs.search", "the documentation was never searched (docs.search)")
found = {h.get("name", "") for c in searches for h in ((c.get("result") or {}).get("hits") or [])}
if not all(any(norm(n).endswith("board" + op) for n in found) for op in OPS):
    fail(f"the docs searches did not find the board's four operations (found {sorted(found)[:8]!r})")
views = [v.get("selector", "") for v in run.views() if v.get("kind") == "docs"]
for op in OPS:
    if not any(norm(s).endswith("board" + op) for s in views):
        fail(f"no docs view of the board's {op} operation (docs views: {views!r})")
others = [s for s in views if not any(norm(s).endswith("board" + op) for op in OPS) and "board" not in norm(s)]
if others:
    fail(f"docs views of what is not the board's were opened: {others!r}")
