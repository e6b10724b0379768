import gg

writers = []
readers = []
for summary in gg.programs.history():
    try:
        source = gg.programs.get(summary.turn)
    except gg.ApiError:
        continue
    if "summary.txt" not in source or "gg.programs.rerun" in source:
        continue
    if "write" in source or "open(" in source or ">" in source:
        writers.append((summary.turn, source))
    else:
        readers.append((summary.turn, source))

chosen = writers[-1] if writers else (readers[-1] if readers else None)
if chosen is None:
    print("No earlier program mentions reports/summary.txt.")
else:
    turn, source = chosen
    print(f"Running the program of turn {turn} again:")
    print(source)
    gg.programs.rerun(source)
