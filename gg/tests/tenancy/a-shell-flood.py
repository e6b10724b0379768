# Session A's shell floods its own session's ceilings: a fork flood of 400 sleeping processes (the
# session's commands hold at most 256 at once: the shell's fork fails first), then three busy loops
# for 3 s (the session's commands share one core: the group is throttled).
import gg

r = gg.shell.run("i=0; while [ $i -lt 400 ]; do sleep 30 & i=$((i+1)); echo FORKED $i; done", timeout_secs=20)
forked = [int(line.split()[1]) for line in r.output.splitlines() if line.startswith("FORKED ")]
print(f"FLOOD exit {r.exit_code}, forked {max(forked, default=0)}, cannot fork: {'Cannot fork' in r.output}")
r = gg.shell.run("for j in 1 2 3; do timeout 3 sh -c 'while :; do :; done' & done; wait; echo burned", timeout_secs=20)
print(f"BURN exit {r.exit_code}: {r.output.strip()[-200:]}")
