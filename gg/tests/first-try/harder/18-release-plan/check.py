import sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from checklib import Run, fail, meaningful

run = Run()
run.require_completed()
tasks = run.tasks()
by_title = {t["title"].strip(): t for t in tasks}
names = ["Write release notes", "Build packages", "Test packages", "Publish"]
if sorted(by_title) != sorted(names) or len(tasks) != 4:
    fail(f"the task list holds {[t['title'] for t in tasks]!r}, expected the four release tasks")
ids = {n: by_title[n]["id"] for n in names}
want = {
    "Write release notes": set(), "Build packages": set(), "Test packages": {ids["Build packages"]},
    "Publish": {ids["Test packages"], ids["Write release notes"]},
}
for n, blockers in want.items():
    got = set(by_title[n].get("blocked-by") or [])
    if got != blockers:
        fail(f"`{n}` is blocked by {sorted(got)}, expected {sorted(blockers)}")
printed = meaningful(run.logs())
if sorted(printed) != ["Build packages", "Write release notes"]:
    fail(f"printed {printed!r}; expected just `Write release notes` and `Build packages`, one per line")
