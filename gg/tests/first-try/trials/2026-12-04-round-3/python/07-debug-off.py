import gg

path = "deploy/app.env"
with open(path, encoding="utf-8", newline="") as f:
    lines = f.read().splitlines(keepends=True)
kept = [l for l in lines if l.strip() != "DEBUG=1"]
removed = len(lines) - len(kept)
with open(path, "w", encoding="utf-8", newline="") as f:
    f.write("".join(kept))
print(f"removed {removed} line(s) from {path}")
