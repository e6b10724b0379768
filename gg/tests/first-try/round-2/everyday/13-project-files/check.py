import sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from checklib import Run, fail, meaningful

WANT = {"projects/alpha/README.md", "projects/alpha/src/helper.h", "projects/alpha/src/main.c",
        "projects/beta/data/2026/feb.csv", "projects/beta/data/2026/jan.csv", "projects/beta/notes.txt",
        "projects/index.txt"}
run = Run()
run.require_completed()
printed = [l.removeprefix("./") for l in meaningful(run.logs())]
missing = sorted(WANT - set(printed))
if missing:
    fail(f"not printed as a line of its own: {missing}")
extra = [l for l in printed if l not in WANT]
if extra:
    fail(f"printed lines that are not files under projects: {extra[:3]}")
