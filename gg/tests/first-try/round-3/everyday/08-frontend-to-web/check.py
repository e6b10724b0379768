import json, sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from checklib import Run, fail, has_number, wire_enum

WANT = {1: ["bug", "web"], 2: ["web"], 3: ["backend", "bug"], 4: ["design", "frontend-review"], 5: ["backend"], 6: ["web"]}
run = Run()
run.require_completed()
seed = {i["id"]: i for i in json.loads((Path(__file__).parent / "state/board.json").read_text())["issues"]}
got = {i["id"]: i for i in run.issues()}
if sorted(got) != sorted(seed):
    fail(f"the board holds issues {sorted(got)}, expected {sorted(seed)}")
for id, labels in WANT.items():
    if sorted(got[id]["labels"]) != labels:
        fail(f"issue {id}'s labels are {got[id]['labels']!r}, expected {labels!r}")
for id, s in seed.items():
    i = got[id]
    if i["title"] != s["title"] or i["status"] != wire_enum(s["status"]) or i.get("description") != s["description"]:
        fail(f"issue {id}'s title, status or description changed")
if not any(has_number(l, 3) for l in run.logs()):
    fail("the number of issues relabelled, 3, was not printed")
