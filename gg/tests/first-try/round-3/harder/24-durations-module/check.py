import re, sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from checklib import Run, fail, lines_of, norm

WANT = ["Mara 0:59:59", "Kofi 1:13:08", "Ines 1:23:45", "Lea 2:01:00", "Jonas 10:00:11"]
run = Run()
run.require_completed()
m = run.memory("durations")
if m is None or not (m.get("code") or "").strip():
    fail("there is no memory `durations` with code")
if not any(w in (m.get("description") or "").lower() for w in ("time", "duration", "second", "length")):
    fail(f"the memory's description {m.get('description')!r} does not say it is helpers for lengths of time")
# Module keys are spelled per arm (`durations`, Ruby's `Durations`): compared without case.
bound = [b for b in run.first.get("module_bindings") or [] if norm(b.get("key") or "") == "durations"]
if not bound:
    fail("the first program bound no code module `durations`")
if bound[0].get("check") == "failed":
    fail(f"the module `durations` failed its check: {run.first.get('module_errors')!r}")
second = run.first.get("rerun") or ""
if len(run.outcomes) < 2 or not second:
    fail(f"no second program ran after the first (rerun_stopped: {run.first.get('rerun_stopped')!r})")
if not re.search(r"\bdurations\b", second, re.IGNORECASE) or "lib" not in second.lower():
    fail("the second program does not import the module `durations`")
if any(c["operation"] == "files.write_file" and "times" in str(c.get("args")) for c in run.first.get("calls") or []):
    fail("the first program wrote reports/times.txt; the second was to write it with the module")
got = [" ".join(l.split()) for l in lines_of(run.text("reports/times.txt"))]
if got != WANT:
    fail(f"reports/times.txt holds {got!r}, expected {WANT!r}")
