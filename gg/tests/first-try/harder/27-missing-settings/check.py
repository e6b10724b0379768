import json, sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from checklib import Run, fail, has_number

run = Run()
run.require_completed()
try:
    got = json.loads(run.text("config/settings.json"))
except json.JSONDecodeError as e:
    fail(f"config/settings.json is not JSON: {e}")
want = json.loads(run.text("config/settings.example.json"))
if got != want:
    fail(f"config/settings.json is {got!r}, not a copy of the example")
if not any(has_number(l, 5) and "20" not in l for l in run.logs()):
    fail("the retries value 5 was not printed")
