import gg
r = gg.shell.run("sh run-tests.sh", timeout_secs=60)
lines = [l for l in r.output.splitlines() if l.strip()]
name = [l.split()[1] for l in lines if l.endswith("FAILED") and l.startswith("test ")][0]
gg.board.create_issue("Test failing: " + name, description="\n".join(lines[-3:]), labels=["ci", "tests"])
gg.session.finish(f"Filed an issue for the failing test {name}.")
