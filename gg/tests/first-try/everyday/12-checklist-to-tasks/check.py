import sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from checklib import Run, fail, has_number

WANT = ["Bump the version number", "Update the changelog", "Tag the release", "Announce on the mailing list"]
run = Run()
run.require_completed()
run.require_call("memories.read")
titles = [t["title"].strip() for t in run.tasks()]
if sorted(titles) != sorted(WANT):
    fail(f"the task list holds {titles!r}, expected the checklist's four lines")
if not any(has_number(l, 4) for l in run.logs()):
    fail("the count 4 was not printed")
