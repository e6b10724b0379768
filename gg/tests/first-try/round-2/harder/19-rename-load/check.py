import sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from checklib import Run, fail, lines_of

run = Run()
run.require_completed()
seed = (Path(__file__).parent / "seed/src/settings.py").read_text()
want = lines_of(seed.replace("def load(", "def read_settings(").replace("= load(path)", "= read_settings(path)")
                .replace('{"json": load}', '{"json": read_settings}'))
got = lines_of(run.text("src/settings.py"))
if got != want:
    diff = [f"line {i + 1}: {g!r} (expected {w!r})" for i, (g, w) in enumerate(zip(got + [""] * 40, want + [""] * 40)) if g != w]
    fail(f"src/settings.py is not as asked: {'; '.join(diff[:2])}")
if lines_of(run.text("src/main.py")) != ['from settings import cached', '', 'print(cached("settings.json")["name"])']:
    fail("src/main.py was changed")
