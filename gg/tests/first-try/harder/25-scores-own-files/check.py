import re, sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from checklib import Run, fail, lines_of

run = Run()
run.require_completed()
# The ECMAScript arms and Kotlin/Wasm (whose standard library has no files) have no file API of
# their own: gg's files operations are theirs.
own_files = run.first.get("arm") not in ("javascript", "typescript", "kotlin")
used = sorted({c["operation"] for c in run.calls() if (own_files and c["operation"].startswith(("files.", "views.open_file")))
               or (c["operation"] == "shell.run" and re.search(r"scores|summary", str(c.get("args"))))})
if used:
    fail(f"gg's file tools or the shell were used ({', '.join(used)}), not the language's file functions")
got = lines_of(run.text("data/summary.txt"))
if [l.strip() for l in got] != ["top: elif", "average: 73.4"]:
    fail(f"data/summary.txt holds {got!r}, expected `top: elif` and `average: 73.4`")
