import gg

r = gg.shell.run("tar -tf backup/site-2026-11.tar")
if r.exit_code != 0:
    raise SystemExit(f"tar failed: {r.output}")
files = [l for l in r.output.splitlines() if l.strip() and not l.endswith("/")]
print(f"backup/site-2026-11.tar holds {len(files)} files")
