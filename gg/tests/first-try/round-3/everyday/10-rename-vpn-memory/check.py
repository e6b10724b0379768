import json, sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from checklib import Run, fail, lines_of

run = Run()
run.require_completed()
seed = {p.stem: json.loads(p.read_text()) for p in (Path(__file__).parent / "state/memories").glob("*.json")}
have = sorted(run.memories())
if have != ["office-vpn", "printer", "vpn-home"]:
    fail(f"the memories are {have!r}, expected office-vpn, printer and vpn-home")
m = run.memory("office-vpn")
if m.get("description") != seed["vpn"]["description"]:
    fail(f"office-vpn's description is {m.get('description')!r}, expected {seed['vpn']['description']!r}")
if lines_of(m.get("body") or "") != lines_of(seed["vpn"]["body"]):
    fail(f"office-vpn's text is {m.get('body')!r}, expected vpn's text as it was")
for name in ("printer", "vpn-home"):
    got = run.memory(name)
    if got.get("description") != seed[name]["description"] or got.get("body") != seed[name]["body"]:
        fail(f"the memory {name} was changed")
