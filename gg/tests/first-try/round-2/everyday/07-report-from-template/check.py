import sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from checklib import Run, fail, lines_of

TEMPLATE = ["# Report for {{month}}", "", "Prepared by {{author}}.", "", "## Highlights", "", "- (fill in)", "",
            "## Next month", "", "- (fill in)"]
WANT = [l.replace("{{month}}", "December 2026").replace("{{author}}", "Dana") for l in TEMPLATE]
run = Run()
run.require_completed()
got = lines_of(run.text("reports/2026-12.md"))
if got != WANT:
    fail(f"reports/2026-12.md holds {got!r}, expected {WANT!r}")
if lines_of(run.text("templates/report.md")) != TEMPLATE:
    fail("templates/report.md was changed")
