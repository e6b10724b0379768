import re, sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from checklib import Run, fail

run = Run()
run.require_completed()
e = run.ending()
if not e or e.get("kind") != "finish":
    fail(f"the session did not end with finish (ending: {e!r})")
summary = e.get("summary") or ""
if "2026-11" not in summary:
    fail(f"the summary {summary!r} does not name sales/2026-11.csv, the newest month there")
# 4815, however it is written: 4815, 4,815, 4815.00.
plain = re.sub(r"(?<=\d),(?=\d{3})", "", summary).replace("2026-11", "")
if not re.search(r"(?<![\d.])4815(\.0+)?(?![\d]|\.\d)", plain):
    fail(f"the summary {summary!r} does not give the total of sales/2026-11.csv, 4815")
for other in ("2026-10", "2026-09", "notes.txt"):
    if other in summary:
        fail(f"the summary names {other}; the newest month's file is sales/2026-11.csv")
