import sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from checklib import Run, fail

run = Run()
run.require_completed()
text = run.log_text()
if "Jonas Weber" not in text:
    fail("billing's owner, Jonas Weber, was not printed")
for other in ("Sana Iqbal", "Mira Okafor", "Theo Brandt"):
    if other in text:
        fail(f"{other} was printed, but owns another component")
