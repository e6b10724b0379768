import sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from checklib import Run, fail, lines_of

WANT = ["# server settings", "", "[http]", "listen = 0.0.0.0:8000", "timeout = 30", "",
        "[database]", "url = postgres://db.internal/app", "timeout = 60", "pool = 10"]
run = Run()
run.require_completed()
got = lines_of(run.text("config/server.conf"))
if got != WANT:
    diff = [f"line {i + 1}: {g!r}" for i, (g, w) in enumerate(zip(got + [""] * 12, WANT + [""] * 12)) if g != w]
    fail(f"config/server.conf is not as asked: {'; '.join(diff[:3])}")
