import sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from checklib import Run, fail, lines_of

run = Run()
run.require_completed()
seed = Path(__file__).parent / "seed"
want = lines_of((seed / "pyproject.toml").read_text().replace('\nversion = "1.4.2"', '\nversion = "1.5.0"', 1))
got = lines_of(run.text("pyproject.toml"))
if got != want:
    diff = [f"line {i + 1}: {g!r} (expected {w!r})" for i, (g, w) in enumerate(zip(got + [""] * 20, want + [""] * 20)) if g != w]
    fail(f"pyproject.toml is not as asked: {'; '.join(diff[:2])}")
if lines_of(run.text("CHANGELOG.md")) != lines_of((seed / "CHANGELOG.md").read_text()):
    fail("CHANGELOG.md was changed")
