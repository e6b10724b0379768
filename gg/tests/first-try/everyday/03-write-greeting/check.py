import sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from checklib import Run, fail, lines_of

run = Run()
run.require_completed()
lines = lines_of(run.text("out/greeting.txt"))
if lines != ["Hello from the agent"]:
    fail(f"out/greeting.txt holds {lines!r}, not the one line `Hello from the agent`")
