import sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from checklib import Run, fail

run = Run()
run.require_completed()
if not any("run-tests.sh" in str((c.get("args") or {}).get("command", "")) for c in run.ok_calls("shell.run")):
    fail("the tests were never run (no shell.run of run-tests.sh)")
issues = run.issues()
if len(issues) != 1:
    fail(f"the board has {len(issues)} issues, expected the one filed")
i = issues[0]
if " ".join(i["title"].split()).lower() != "test failing: render_unicode":
    fail(f"the issue's title is {i['title']!r}, expected `Test failing: render_unicode`")
if "ci" not in i["labels"]:
    fail(f"the issue's labels are {i['labels']!r}, without `ci`")
desc = [l.strip() for l in (i.get("description") or "").splitlines() if l.strip()]
want = ["failures:", "render_unicode: expected 'é', got '?'", "test result: FAILED. 3 passed; 1 failed"]
if desc != want:
    fail(f"the issue's description is {desc!r}, expected the output's last 3 lines {want!r}")
e = run.ending()
if not e or e.get("kind") != "finish" or "render_unicode" not in (e.get("summary") or ""):
    fail(f"the session did not finish with a summary naming render_unicode (ending: {e!r})")
