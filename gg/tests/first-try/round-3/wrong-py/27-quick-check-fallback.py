import gg

# Near miss: the full check gets 10 seconds, not at most 5.
r = gg.shell.run("sh scripts/full-check.sh", timeout_secs=10)
if r.timed_out:
    r = gg.shell.run("sh scripts/quick-check.sh")
    print("quick check:", r.output.rstrip().splitlines()[-1])
else:
    print("full check:", r.output.rstrip().splitlines()[-1])
