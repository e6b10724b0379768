import os
from pathlib import Path
root = next(p for p in [Path.cwd(), Path(os.environ.get("PWD", "/"))] if (p / "data/scores.csv").exists()) if Path("data/scores.csv").exists() else None
if root is None:
    import gg
    root = Path(gg.shell.run("pwd").output.strip())
rows = [l.split(",") for l in (root / "data/scores.csv").read_text().splitlines()[1:] if l]
best = max(rows, key=lambda r: float(r[1]))
avg = round(sum(float(r[1]) for r in rows) / len(rows), 1)
(root / "data/summary.txt").write_text(f"top: {best[0]}\naverage: {avg}")
