import gg

# Near miss: `Sales Ops` taken for Sales.
rows = [l.split(",") for l in gg.files.read_file("team/people.csv").contents.splitlines()[1:] if l.strip()]
gg.views.open_text("\n".join(sorted(e for n, t, e in rows if t.startswith("Sales"))), "sales emails")
