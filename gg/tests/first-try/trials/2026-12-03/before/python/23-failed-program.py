import gg


def status_value(s):
    return getattr(s, "value", s)


failed = [p for p in gg.programs.list_programs() if status_value(p.status) in ("failed", "error")]
if not failed:
    print("no failed program found")
else:
    program = failed[0]
    print(f"turn {program.turn}: {program.error}")
    gg.files.write_file("failed-program.txt", program.source)
