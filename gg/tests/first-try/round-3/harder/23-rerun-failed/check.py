import json, sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from checklib import Run, fail, lines_of

run = Run()
run.require_completed()
entries = json.loads((Path(__file__).parent / "state/programs.json").read_text())["entries"]
source = next(e["source"] for e in entries if e["turn"] == 3)
if not any((c.get("result") or "") == source for c in run.ok_calls("programs.get")):
    fail("the program that failed on data/rates.csv (turn 3) was never fetched from the library (programs.get)")
# A library program's source runs again in its own language, whatever the arm asking.
if not any(lines_of(o.get("rerun") or "") == lines_of(source) for o in run.outcomes):
    fail("turn 3's program was not run again as it is (programs.rerun of its source)")
for other in (2, 5):
    src = next(e["source"] for e in entries if e["turn"] == other)
    if any(lines_of(o.get("rerun") or "") == lines_of(src) for o in run.outcomes):
        fail(f"turn {other}'s program was run again; it did not fail on data/rates.csv")
got = lines_of(run.text("reports/prices-eur.txt"))
if got != ["notebook 4.14 EUR", "pen 1.10 EUR", "backpack 36.71 EUR", "lamp 20.24 EUR"]:
    fail(f"reports/prices-eur.txt holds {got!r}, not what turn 3's program writes")
