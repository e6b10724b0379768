import re, sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from checklib import Run, fail, lines_of

WANT = ["Brandt GmbH: 1,300.00 EUR", "Lindqvist AB: 2,500,000.00 EUR", "Okafor Ltd: 46.49 EUR"]
run = Run()
run.require_completed()
m = run.memory("money")
if m is None or not (m.get("code") or "").strip():
    fail("there is no memory `money` with code")
if not any(w in (m.get("description") or "").lower() for w in ("money", "amount", "euro", "cent")):
    fail(f"the memory's description {m.get('description')!r} does not say it is helpers for money")
bound = [b for b in run.first.get("module_bindings") or [] if (b.get("key") or "").lower() == "money"]
if not bound:
    fail("the first program bound no code module `money`")
if bound[0].get("check") == "failed":
    fail(f"the module `money` failed its check: {run.first.get('module_errors')!r}")
second = run.first.get("rerun") or ""
if len(run.outcomes) < 2 or not second:
    fail(f"no second program ran after the first (rerun_stopped: {run.first.get('rerun_stopped')!r})")
if not re.search(r"\bmoney\b", second, re.IGNORECASE) or "lib" not in second.lower():
    fail("the second program does not import the module `money`")
if any(c["operation"] == "files.write_file" and "totals" in str(c.get("args")) for c in run.first.get("calls") or []):
    fail("the first program wrote reports/totals.txt; the second was to write it with the module")
got = [l.strip() for l in lines_of(run.text("reports/totals.txt"))]
if got != WANT:
    fail(f"reports/totals.txt holds {got!r}, expected {WANT!r}")
