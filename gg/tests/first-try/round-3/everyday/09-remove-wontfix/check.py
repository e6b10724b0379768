import json, re, sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from checklib import Run, fail, has_number, wire_enum

KEPT = [1, 3, 5, 7]
run = Run()
run.require_completed()
seed = {i["id"]: i for i in json.loads((Path(__file__).parent / "state/board.json").read_text())["issues"]}
got = {i["id"]: i for i in run.issues()}
if sorted(got) != KEPT:
    fail(f"the board holds issues {sorted(got)}, expected {KEPT} (issues 2 and 4 removed)")
for id in KEPT:
    s, i = seed[id], got[id]
    if i["title"] != s["title"] or i["status"] != wire_enum(s["status"]) or i["labels"] != s["labels"]:
        fail(f"issue {id} was changed")
logs = run.logs()
for id in (2, 4):
    if not any(has_number(l, id) for l in logs):
        fail(f"the removed issue's id {id} was not printed")
if any(re.search(rf"#{id}(?!\d)", l) or l.strip() == str(id) for l in logs for id in (1, 3, 5, 7)):
    fail("an id of an issue that stays was printed among the removed ones")
