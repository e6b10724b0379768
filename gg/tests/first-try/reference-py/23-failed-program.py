import gg

failed = next(p for p in gg.programs.history() if not p.ok)
print(f"turn {failed.turn} failed: {failed.error}")
gg.files.write_file("failed-program.txt", gg.programs.get(failed.turn))
