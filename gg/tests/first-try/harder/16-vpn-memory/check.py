import sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from checklib import Run, fail, lines_of

run = Run()
run.require_completed()
run.require_call("memories.search", "the memories were never searched (memories.search)")
import json
want = lines_of(json.loads((Path(__file__).parent / "state/memories/remote-access.json").read_text())["body"])
got = lines_of(run.text("docs/vpn.md"))
if got != want:
    fail(f"docs/vpn.md is not the body of the memory `remote-access` (it starts {got[:1]!r})")
