from pathlib import Path

untitled = sorted(str(p) for p in Path("docs").rglob("*.md")
                  if not any(l.startswith("# ") for l in p.read_text().splitlines()))
Path("docs/untitled.txt").write_text("\n".join(untitled) + "\n")
