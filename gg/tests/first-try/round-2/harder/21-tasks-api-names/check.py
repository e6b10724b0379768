import sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from checklib import Run, fail, lines_of, norm

OPS = ["add", "complete", "list", "remove", "update"]
run = Run()
run.require_completed()
searches = run.require_call("docs.search", "the documentation was never searched (docs.search)")
names = {h.get("name", "") for c in searches for h in ((c.get("result") or {}).get("hits") or [])}
ops = {n for n in names if any(norm(n).endswith("tasks" + op) for op in OPS)}
found = sorted({op for op in OPS for n in ops if norm(n).endswith("tasks" + op)})
if found != OPS:
    fail(f"the docs searches found only {sorted(ops)!r} of the tasks operations")
got = [l.strip() for l in lines_of(run.text("docs/tasks-api.txt")) if l.strip()]
for op in OPS:
    spelled = [n for n in ops if norm(n).endswith("tasks" + op)]
    if not any(l in spelled for l in got):
        fail(f"docs/tasks-api.txt has no line {spelled[0]!r}, as the documentation spells it")
extra = [l for l in got if l not in ops]
if extra:
    fail(f"docs/tasks-api.txt lists what is not an operation of tasks: {extra[:3]!r}")
