import sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from checklib import Run, fail, has_number

# id: (status, labels)
WANT = {
    1: ("closed", ["bug"]), 2: ("open", ["perf"]), 3: ("closed", ["docs"]),
    4: ("closed", ["ui", "done-in-1.4"]), 5: ("open", ["bug", "regression"]),
    6: ("closed", ["docs"]), 7: ("open", ["ui", "regression"]), 8: ("closed", ["bug"]),
}
run = Run()
run.require_completed()
got = {i["id"]: (i["status"], i["labels"]) for i in run.issues()}
for id, (status, labels) in WANT.items():
    if id not in got:
        fail(f"issue {id} is gone from the board")
    if got[id][0] != status:
        fail(f"issue {id} is {got[id][0]}, expected {status}")
    if sorted(got[id][1]) != sorted(labels):
        fail(f"issue {id} has labels {got[id][1]}, expected {labels}")
text = run.log_text()
for id in (1, 3, 8, 5):
    if not has_number(text, id):
        fail(f"the id {id} was not printed")
