import sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from checklib import Run, fail, lines_of

run = Run()
run.require_completed()
seed = Path(__file__).parent / "seed"
if lines_of(run.text("docs/plan.md")) != lines_of((seed / "drafts/plan.md").read_text()):
    fail("docs/plan.md does not hold the plan as it was")
if (run.ws / "drafts/plan.md").exists():
    fail("drafts/plan.md is still there")
for rel in ("drafts/ideas.md", "docs/index.md"):
    if lines_of(run.text(rel)) != lines_of((seed / rel).read_text()):
        fail(f"{rel} was changed")
