import gg

archive = "backup/site-2026-11.tar"
res = gg.shell.run(f"tar -tf {archive} 2>/dev/null")
if res.exit_code != 0:
    err = gg.shell.run(f"tar -tf {archive}")
    print(f"tar failed (exit {res.exit_code}): {err.output.strip()}")
elif res.truncated:
    count = gg.shell.run(f"tar -tf {archive} 2>/dev/null | grep -v '/$' | wc -l")
    print(count.output.strip())
else:
    entries = [l for l in res.output.split("\n") if l.strip()]
    files = [e for e in entries if not e.endswith("/")]
    print(len(files))
