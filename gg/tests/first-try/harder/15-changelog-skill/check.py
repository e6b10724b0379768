import sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from checklib import Run, fail, lines_of

WANT = [
    "# Changelog", "", "## Unreleased", "",
    "- Fixed the crash when saving an empty file (2026-12-03)",
    "- Added dark mode (2026-11-30)", "", "## 1.3.0", "", "- First public release (2026-10-01)",
]
run = Run()
run.require_completed()
if not any((c.get("args") or {}).get("name") == "changelog" for c in run.ok_calls("skills.read")):
    fail("the skill `changelog` was never read (skills.read)")
got = lines_of(run.text("CHANGELOG.md"))
if got != WANT:
    bad = next((i for i, (g, w) in enumerate(zip(got + [None] * 20, WANT + [None] * 20)) if g != w), 0)
    fail(f"CHANGELOG.md line {bad + 1} is {(got + [None] * 20)[bad]!r}, expected {(WANT + [None] * 20)[bad]!r}")
if not any("changelog: 1 entry added" in l for l in run.logs()):
    fail("`changelog: 1 entry added` was not printed, as the skill says")
