import re, sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from checklib import Run, fail, meaningful

EMPTY = ["batch-03.csv", "notes.txt", "scan-2211.txt"]
NOT = ["avatar-17.txt", "batch-04.csv", "retry.log", "part-0001.txt"]
run = Run()
run.require_completed()
printed = meaningful(run.logs())
for name in EMPTY:
    # The name (or its path) as a word of a line: `notes.txt`, `- uploads/notes.txt (0 bytes)`.
    if not any(re.search(rf"(?<![\w.-]){re.escape(name)}(?![\w.-])", l) for l in printed):
        fail(f"the empty file {name} was not printed")
for name in NOT:
    if any(name in l for l in printed):
        fail(f"{name} was printed, but it is not an empty file directly in uploads")
