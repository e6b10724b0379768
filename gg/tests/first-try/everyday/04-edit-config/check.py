import sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from checklib import Run, fail, lines_of

WANT = ["[server]", "host = 0.0.0.0", "port = 9090", "workers = 4", "", "[log]", "level = debug", "file = /var/log/app.log"]
run = Run()
run.require_completed()
got = lines_of(run.text("config/app.ini"))
if got != WANT:
    diff = [f"line {i+1}: {g!r}" for i, (g, w) in enumerate(zip(got + [""] * 9, WANT + [""] * 9)) if g != w]
    fail(f"config/app.ini is not as asked: {'; '.join(diff[:3])}")
