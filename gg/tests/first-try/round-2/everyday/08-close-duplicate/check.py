import json, sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from checklib import Run, fail, lines_of

run = Run()
run.require_completed()
seed = {i["id"]: i for i in json.loads((Path(__file__).parent / "state/board.json").read_text())["issues"]}
got = {i["id"]: i for i in run.issues()}
if sorted(got) != sorted(seed):
    fail(f"the board holds issues {sorted(got)}, expected {sorted(seed)}")
i = got[7]
if i["status"] != "closed":
    fail(f"issue 7 is {i['status']}, expected closed")
if sorted(i["labels"]) != ["bug", "duplicate", "needs-triage"]:
    fail(f"issue 7's labels are {i['labels']!r}, expected bug, needs-triage and duplicate")
want = ["Duplicate of #3.", "The app quits as soon as the upload starts.", "Only with PNG images."]
if i["title"] != seed[7]["title"]:
    fail(f"issue 7's title changed to {i['title']!r}")
if [l for l in lines_of(i.get("description") or "") if l.strip()] != want:
    fail(f"issue 7's description is {i.get('description')!r}, expected the line `Duplicate of #3.` above the old text")
for id, s in seed.items():
    if id != 7 and (got[id]["status"] != s["status"].lower() or got[id]["labels"] != s["labels"]
                    or got[id]["title"] != s["title"] or got[id].get("description") != s["description"]):
        fail(f"issue {id} was changed")
