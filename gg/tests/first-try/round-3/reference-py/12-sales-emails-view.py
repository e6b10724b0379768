import gg

rows = [l.split(",") for l in gg.files.read_file("team/people.csv").contents.splitlines()[1:] if l.strip()]
emails = sorted(email for name, team, email in rows if team == "Sales")
gg.views.open_text("\n".join(emails), "sales emails")
