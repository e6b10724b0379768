import gg

# Near miss: the minutes are not padded to two digits.
CODE = '''
def hms(seconds):
    return f"{seconds // 3600}:{seconds // 60 % 60}:{seconds % 60:02d}"
'''
gg.memories.write("durations", "hms(seconds)", "Helpers for showing lengths of time", code=CODE)
gg.programs.rerun('''
import gg
from lib import durations

runs = sorted((int(s), r) for r, s in (l.split(",") for l in gg.files.read_file("data/runs.csv").contents.splitlines()[1:]))
gg.files.write_file("reports/times.txt", "".join(f"{r} {durations.hms(s)}\\n" for s, r in runs))
''')
