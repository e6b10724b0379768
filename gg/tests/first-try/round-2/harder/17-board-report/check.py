import sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from checklib import Run, fail, has_number, lines_of

WANT = ["## Open", "- #2 Checkout button misaligned on iPad", "- #5 Add Apple Pay", "- #8 Slow category pages",
        "- #11 Translate the footer", "## Closed", "- #3 Stock count goes negative", "- #6 Emails sent twice",
        "- #9 Coupon codes are case-sensitive"]
run = Run()
run.require_completed()
got = [l.strip() for l in lines_of(run.text("docs/board.md")) if l.strip()]
if got != WANT:
    fail(f"docs/board.md (blank lines aside) is {got!r}, expected {WANT!r}")
logs = [l.lower() for l in run.logs()]
if not any("open" in l and has_number(l, 4) for l in logs):
    fail("no printed line gives the 4 open issues")
if not any("closed" in l and has_number(l, 3) for l in logs):
    fail("no printed line gives the 3 closed issues")
if len(run.issues()) != 7 or any(i["status"] not in ("open", "closed") for i in run.issues()):
    fail("the board was changed")
