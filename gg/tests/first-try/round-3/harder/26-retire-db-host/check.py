import re, sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from checklib import Run, fail, lines_of, meaningful

CHANGED = ["config/README.md", "config/app.yaml", "config/jobs/backup.env"]
SAME = ["config/jobs/report.env", "docs/history.md"]
run = Run()
run.require_completed()
seed = Path(__file__).parent / "seed"
for rel in CHANGED:
    want = lines_of((seed / rel).read_text().replace("db-old.internal", "db.internal"))
    if lines_of(run.text(rel)) != want:
        fail(f"{rel} holds {lines_of(run.text(rel))!r}, expected every db-old.internal replaced by db.internal")
for rel in SAME:
    if lines_of(run.text(rel)) != lines_of((seed / rel).read_text()):
        fail(f"{rel} was changed, but it is not a file under config that names db-old.internal")
printed = [l.lstrip("-* ").strip().removeprefix("./") for l in meaningful(run.logs())]
for rel in CHANGED:
    # The path as a word of a line (`config/app.yaml`, `changed: config/app.yaml`), or the line
    # just the path relative to config (`jobs/backup.env`).
    if not any(re.search(rf"(?<![\w./-]){re.escape(rel)}(?![\w/-])", l) or l == rel.removeprefix("config/")
               for l in printed):
        fail(f"the changed file {rel} was not printed")
if any("report.env" in l or "history.md" in l for l in printed):
    fail("a file that was not changed was printed")
