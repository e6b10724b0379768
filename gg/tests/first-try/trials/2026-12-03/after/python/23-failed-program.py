import gg

failed = [p for p in gg.programs.history() if not p.ok]
if not failed:
    print("no failed program in the history")
else:
    p = failed[0]
    print(f"turn {p.turn}: {p.error}")
    source = gg.programs.get(p.turn)
    gg.files.write_file("failed-program.txt", source)
