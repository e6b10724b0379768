import gg

CODE = '''
def hms(seconds):
    """A number of seconds as `H:MM:SS`: `1:02:05` for 3725."""
    return f"{seconds // 3600}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"
'''
gg.memories.write("durations", "hms(seconds): seconds as `1:02:05`", "Helpers for showing lengths of time", code=CODE)
gg.programs.rerun('''
import gg
from lib import durations

runs = []
for line in gg.files.read_file("data/runs.csv").contents.splitlines()[1:]:
    runner, seconds = line.split(",")
    runs.append((int(seconds), runner))
gg.files.write_file("reports/times.txt", "".join(f"{r} {durations.hms(s)}\\n" for s, r in sorted(runs)))
''')
