import gg

# Near miss: the last file of the listing taken for the newest month (it is notes.txt).
path = "sales/2026-12.csv"
try:
    text = gg.files.read_file(path).contents
except gg.ApiError:
    path = gg.files.list_dir("sales")[-1].path
    text = gg.files.read_file(path).contents
total = sum(float(l.split(",")[1]) for l in text.splitlines()[1:] if "," in l)
gg.session.finish(f"Totalled {path}: {total:.0f}")
