import sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from checklib import Run, fail, has_number

run = Run()
run.require_completed()
issues = run.issues()
if len(issues) != 1:
    fail(f"the board has {len(issues)} issues, expected the one filed")
i = issues[0]
if i["title"].strip().lower() != "login button does nothing":
    fail(f"the issue's title is {i['title']!r}")
if "bug" not in i["labels"]:
    fail(f"the issue's labels are {i['labels']!r}, without `bug`")
if "settings" not in (i.get("description") or "").lower():
    fail("the issue's description does not mention the settings page")
if i["status"] != "open":
    fail("the issue is not open")
if not any(has_number(l, i["id"]) for l in run.logs()):
    fail(f"the issue's id {i['id']} was not printed")
