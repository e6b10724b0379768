import csv
import os
import re
from decimal import Decimal, InvalidOperation
import gg

target = "sales/2026-12.csv"
if not os.path.isfile(target):
    months = sorted(n for n in os.listdir("sales")
                    if re.fullmatch(r"\d{4}-\d{2}\.csv", n) and os.path.isfile(os.path.join("sales", n)))
    target = os.path.join("sales", months[-1]) if months else None

if target is None:
    print("no monthly sales file in sales/")
else:
    total = Decimal(0)
    with open(target, encoding="utf-8", newline="") as f:
        for row in csv.DictReader(f):
            value = (row.get("amount") or "").strip().replace(",", "")
            if not value:
                continue
            try:
                total += Decimal(value)
            except InvalidOperation:
                print(f"skipped amount {value!r}")
    shown = str(total.quantize(Decimal(1))) if total == total.to_integral_value() else str(total)
    print(f"{target}: {shown}")
    gg.session.finish(f"Totalled the amount column of {target}: {shown}.")
