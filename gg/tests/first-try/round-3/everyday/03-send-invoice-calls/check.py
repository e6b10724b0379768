import re, sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from checklib import Run, fail

CALLS = ["billing/invoice.py:13", "billing/cron.py:9", "shop/checkout.py:6", "shop/admin.py:9"]
# The definition, the comment, the import, resend_invoice's calls and the docs are not calls.
NOT = ["billing/invoice.py:6", "billing/invoice.py:7", "billing/invoice.py:12", "billing/cron.py:1",
       "billing/cron.py:7", "shop/checkout.py:1", "shop/admin.py:5", "docs/billing.md"]
run = Run()
run.require_completed()
logs = run.logs()


def printed(place):
    return any(re.search(rf"(?<!\w){re.escape(place)}(?!\d)", l.replace("src/", "")) for l in logs)


for place in CALLS:
    if not printed(place):
        fail(f"the call at src/{place} was not printed as `path:line`")
for place in NOT:
    if printed(place):
        fail(f"{place} was printed, but it is not a call of send_invoice under src")
