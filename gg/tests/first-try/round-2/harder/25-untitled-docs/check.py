import re, sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from checklib import Run, fail, lines_of

WANT = ["docs/api/old.md", "docs/guide/install.md", "docs/notes.md"]
run = Run()
run.require_completed()
# The ECMAScript arms and Kotlin/Wasm (whose standard library has no files) have no file API of
# their own: gg's files operations are theirs.
own_files = run.first.get("arm") not in ("javascript", "typescript", "kotlin")
used = sorted({c["operation"] for c in run.calls() if (own_files and c["operation"].startswith(("files.", "views.open_file")))
               or c["operation"] == "shell.run"})
if used:
    fail(f"gg's file tools or the shell were used ({', '.join(used)}), not the language's file functions")
got = [l.strip().removeprefix("./") for l in lines_of(run.text("docs/untitled.txt")) if l.strip()]
if got != WANT:
    fail(f"docs/untitled.txt holds {got!r}, expected {WANT!r}")
