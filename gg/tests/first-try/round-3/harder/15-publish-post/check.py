import sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from checklib import Run, fail, lines_of

SLUG = "ledger-3-0-faster-imports-offline-mode"
POST = f"posts/2026-12-04-{SLUG}.md"
run = Run()
run.require_completed()
draft = lines_of((Path(__file__).parent / "seed/drafts/ledger-3.txt").read_text())
got = lines_of(run.text(POST))
want = ["# Ledger 3.0: Faster Imports & Offline Mode", "", *draft]
if got != want:
    fail(f"{POST} holds {got!r}, expected the title line, a blank line and the draft's text")
index = [l.strip() for l in lines_of(run.text("posts/index.txt"))]
if index != [f"2026-12-04 {SLUG}", "2026-11-20 why-we-rewrote-the-importer", "2026-10-02 ledger-2-9-released"]:
    fail(f"posts/index.txt holds {index!r}, expected `2026-12-04 {SLUG}` above the two old lines")
if not any(l.strip() == f"published 2026-12-04-{SLUG}" for l in run.logs()):
    fail(f"`published 2026-12-04-{SLUG}` was not printed, as the skill says")
# The skill has code in Python, JavaScript and TypeScript, and says to use it there: it binds
# only once a program reads the skill, so a later program of the run imports it.
if run.first.get("arm") in ("python", "javascript", "typescript"):
    if not any((c.get("args") or {}).get("name") == "posts" for c in run.ok_calls("skills.read")):
        fail("the skill `posts` was never read (skills.read), so its code never bound")
    bound = [b for o in run.outcomes for b in o.get("module_bindings") or [] if (b.get("key") or "").lower() == "posts"]
    if bound and bound[0].get("check") == "failed":
        fail(f"the skill's module failed its check: {run.first.get('module_errors')!r}")
    later = [o.get("rerun") or "" for o in run.outcomes[:-1]]
    if not any("lib" in src and "slug(" in src for src in later):
        fail("the skill's code was not used: no later program imports the module `posts` and calls slug")
