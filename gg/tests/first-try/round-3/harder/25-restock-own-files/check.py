import sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from checklib import Run, fail, lines_of

LOW = ["Paper A4", "Cable, USB-C", "Toner, black"]
run = Run()
run.require_completed()
# The ECMAScript arms and Kotlin/Wasm (whose standard library has no files) have no file API of
# their own: gg's files operations are theirs.
own_files = run.first.get("arm") not in ("javascript", "typescript", "kotlin")
used = sorted({c["operation"] for c in run.calls() if (own_files and c["operation"].startswith(("files.", "views.open_file")))
               or c["operation"] == "shell.run"})
if used:
    fail(f"gg's file tools or the shell were used ({', '.join(used)}), not the language's file functions")
got = [l.strip() for l in lines_of(run.text("reports/restock.txt")) if l.strip()]
if got != LOW:
    fail(f"reports/restock.txt holds {got!r}, expected {LOW!r}")
issues = run.issues()
titles = sorted(" ".join(i["title"].split()) for i in issues)
if titles != sorted(f"Restock {item}" for item in LOW):
    fail(f"the board's issues are {titles!r}, expected one `Restock <item>` for each of {LOW!r}")
for i in issues:
    if i["labels"] != ["supplies"]:
        fail(f"issue {i['title']!r} is labelled {i['labels']!r}, expected just `supplies`")
    if i["status"] != "open":
        fail(f"issue {i['title']!r} is {i['status']}")
