import csv
import io
import gg

rows = csv.DictReader(io.StringIO(gg.files.read_file("team/people.csv").contents))
emails = sorted(r["email"] for r in rows if r["team"].strip() == "Sales")
gg.views.open_text("".join(f"- {e}\n" for e in emails), label="sales emails")
