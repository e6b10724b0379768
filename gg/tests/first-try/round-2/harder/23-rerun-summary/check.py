import json, sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from checklib import Run, fail, lines_of

run = Run()
run.require_completed()
source = json.loads((Path(__file__).parent / "state/programs.json").read_text())["entries"][1]["source"]
if not any((c.get("result") or "") == source for c in run.ok_calls("programs.get")):
    fail("the program that wrote the summary (turn 2) was never fetched from the library (programs.get)")
got = lines_of(run.text("reports/summary.txt"))
if got != ["east 215", "north 165", "west 99", "south 95"]:
    fail(f"reports/summary.txt holds {got!r}, not the totals of the current data/sales.csv")
# In its own language the program runs again as it is; another arm has to say it in its own.
if run.first.get("arm") == "python":
    if not any(lines_of(o.get("rerun") or "") == lines_of(source) for o in run.outcomes):
        fail("turn 2's program was not run again as it is (programs.rerun of its source)")
