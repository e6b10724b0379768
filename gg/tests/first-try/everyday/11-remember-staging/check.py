import sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from checklib import Run, fail

run = Run()
run.require_completed()
m = run.memory("staging-server")
if m is None:
    fail(f"there is no memory `staging-server` (memories: {sorted(run.memories())})")
text = f"{m.get('description', '')}\n{m.get('body', '')}"
for want in ["staging.example.internal", "2222"]:
    if want not in text:
        fail(f"the memory does not hold `{want}`")
if not (m.get("body") or "").strip():
    fail("the memory's body is empty")
