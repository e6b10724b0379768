import sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from checklib import Run, fail, lines_of

NUMBER = "INV-2026-01187-E"
run = Run()
run.require_completed()
# The writer was shown the skill's text, so an arm without the skill's code need not read it again;
# where the code exists (Python, TypeScript), it binds only once a program reads the skill.
HAS_CODE = run.first.get("arm") in ("python", "typescript")
read = any((c.get("args") or {}).get("name") == "invoices" for c in run.ok_calls("skills.read"))
if HAS_CODE and not read:
    fail("the skill `invoices` was never read (skills.read), so its code never bound")
got = lines_of(run.text(f"invoices/{NUMBER}.txt"))
want = [f"invoice: {NUMBER}", "customer: Lindqvist AB", "total: 1250.50 EUR"]
if [l.strip() for l in got] != want:
    fail(f"invoices/{NUMBER}.txt holds {got!r}, expected {want!r}")
index = lines_of(run.text("invoices/index.txt"))
if index != ["INV-2026-01150-P Brandt GmbH", "INV-2026-01163-A Okafor Ltd", f"{NUMBER} Lindqvist AB"]:
    fail(f"invoices/index.txt holds {index!r}, expected the two old lines and `{NUMBER} Lindqvist AB` after them")
# Where the skill has code in the program's language, the skill says to use it: the module binds
# from the program after the one that read the skill, so a later program of the run imports it.
bound = [b for o in run.outcomes for b in o.get("module_bindings") or [] if (b.get("key") or "").lower() == "invoices"]
if bound:
    if bound[0].get("check") == "failed":
        fail(f"the skill's module failed its check: {run.first.get('module_errors')!r}")
    later = [o.get("rerun") or "" for o in run.outcomes[:-1]]
    if not any("lib" in src and ("invoice_number" in src or "invoiceNumber" in src) for src in later):
        fail("the skill's code was not used: no later program imports the module `invoices`")
