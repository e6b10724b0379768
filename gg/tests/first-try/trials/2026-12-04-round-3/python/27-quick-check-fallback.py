import gg


def last_line(output):
    lines = [l for l in output.splitlines() if l.strip()]
    return lines[-1] if lines else ""


full = gg.shell.run("sh scripts/full-check.sh", timeout_secs=5)
if full.timed_out:
    quick = gg.shell.run("sh scripts/quick-check.sh")
    print("result from: quick check (sh scripts/quick-check.sh); the full check did not finish in 5 seconds")
    print(last_line(quick.output))
else:
    print("result from: full check (sh scripts/full-check.sh)")
    print(last_line(full.output))
