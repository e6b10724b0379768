# Session B's shell while A's floods its own ceilings: a few processes of B's own start and end.
import gg

r = gg.shell.run("for i in 1 2 3 4 5 6 7 8; do sh -c 'echo B-$0' $i & done; wait", timeout_secs=20)
print(f"B SHELL exit {r.exit_code}, lines {len([l for l in r.output.splitlines() if l.startswith('B-')])}")
