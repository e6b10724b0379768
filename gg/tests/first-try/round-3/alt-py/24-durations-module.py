import gg

CODE = '''
def format_duration(total_seconds):
    """`total_seconds` as hours:minutes:seconds, e.g. 3725 -> 1:02:05."""
    hours, rest = divmod(total_seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    return "%d:%02d:%02d" % (hours, minutes, seconds)
'''
gg.memories.write("durations", "format_duration(total_seconds) -> 'H:MM:SS'",
                  description="Helpers for showing durations of time", code=CODE)
gg.programs.rerun("""
import gg
from lib.durations import format_duration

rows = gg.files.read_file("data/runs.csv").contents.strip().splitlines()[1:]
runs = sorted((line.split(",") for line in rows), key=lambda r: int(r[1]))
gg.files.write_file("reports/times.txt", "\\n".join(f"{name} {format_duration(int(s))}" for name, s in runs) + "\\n")
print(len(runs), "runners")
""")
