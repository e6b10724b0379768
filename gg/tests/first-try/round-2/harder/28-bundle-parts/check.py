import sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from checklib import Run, fail, has_number, lines_of

WANT = ["# The field guide", "", "Welcome.", "", "## Birds", "", "Mostly gulls.", "", "## Trees", "", "Mostly oaks.", "",
        "## Credits", "", "Photos by R. Osei."]
run = Run()
run.require_completed()
got = lines_of(run.text("dist/guide.md"))
if got != WANT:
    fail(f"dist/guide.md is {got!r}, expected the three parts with one blank line between them")
issues = run.issues()
if len(issues) != 1:
    fail(f"the board has {len(issues)} issues, expected one for the missing part")
i = issues[0]
if " ".join(i["title"].split()) != "Missing part: parts/appendix.md":
    fail(f"the issue's title is {i['title']!r}, expected `Missing part: parts/appendix.md`")
if i["labels"] != ["docs"]:
    fail(f"the issue's labels are {i['labels']!r}, expected just `docs`")
e = run.ending()
if not e or e.get("kind") != "finish":
    fail(f"the session did not end with finish (ending: {e!r})")
if not has_number(e.get("summary") or "", 3):
    fail(f"the summary {e.get('summary')!r} does not say that 3 parts went in")
