import gg

sources = {p.turn: gg.programs.get(p.turn) for p in gg.programs.history() if p.ok}
[turn] = [t for t, s in sources.items() if 'write_file("reports/summary.txt"' in s]
gg.programs.rerun(sources[turn])
