import gg

for p in gg.programs.history():
    source = gg.programs.get(p.turn)
    if "reports/summary.txt" in source and "write_file" in source:
        print(f"turn {p.turn} wrote the summary; running it again")
        gg.programs.rerun(source)
        break
