import gg

code = '''
def format_duration(seconds):
    """Format a number of seconds as H:MM:SS, e.g. 3725 -> "1:02:05"."""
    total = int(round(seconds))
    sign = "-" if total < 0 else ""
    total = abs(total)
    hours, rest = divmod(total, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{sign}{hours}:{minutes:02d}:{secs:02d}"
'''

gg.memories.write(
    "durations",
    "Helpers for showing lengths of time.\n\n"
    "format_duration(seconds) -> 'H:MM:SS', e.g. format_duration(3725) == '1:02:05' "
    "(minutes and seconds always two digits). Use as lib.durations.format_duration.",
    description="Helpers for showing lengths of time",
    code=code,
)

second = r'''
import csv
import io
import gg
import lib

text = gg.files.read_file("data/runs.csv").contents
rows = []
for row in csv.DictReader(io.StringIO(text)):
    runner = (row.get("runner") or "").strip()
    secs = (row.get("seconds") or "").strip()
    if runner and secs:
        rows.append((float(secs), runner))
rows.sort(key=lambda r: r[0])
lines = [f"{runner} {lib.durations.format_duration(secs)}" for secs, runner in rows]
gg.files.write_file("reports/times.txt", "".join(l + "\n" for l in lines))
print(f"wrote {len(lines)} runners to reports/times.txt")
'''
gg.programs.rerun(second)
