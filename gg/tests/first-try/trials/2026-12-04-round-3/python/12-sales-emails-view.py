import csv
import io
import gg

text = gg.files.read_file("team/people.csv").contents
emails = []
for row in csv.DictReader(io.StringIO(text)):
    if (row.get("team") or "").strip() == "Sales":
        email = (row.get("email") or "").strip()
        if email:
            emails.append(email)
emails.sort()
gg.views.open_text("\n".join(emails), label="sales emails")
print(f"{len(emails)} Sales emails in the view 'sales emails'")
