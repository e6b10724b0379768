import re
import gg

path = "sales/2026-12.csv"
try:
    text = gg.files.read_file(path).contents
except gg.ApiError as e:
    if e.code != gg.ErrorCode.NOT_FOUND:
        raise
    months = sorted(e.name for e in gg.files.list_dir("sales") if re.fullmatch(r"\d{4}-\d{2}\.csv", e.name))
    path = f"sales/{months[-1]}"
    text = gg.files.read_file(path).contents
total = sum(int(line.split(",")[1]) for line in text.splitlines()[1:] if line.strip())
gg.session.finish(f"Totalled {path} (sales/2026-12.csv is not there yet): {total}")
