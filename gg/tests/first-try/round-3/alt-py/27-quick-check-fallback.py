import gg

full = gg.shell.run("sh scripts/full-check.sh", timeout_secs=4.5)
if full.exit_code == 124:
    quick = gg.shell.run("sh scripts/quick-check.sh")
    print("The full check ran out of time, so the quick check gave the result.")
    print(quick.output.strip().split("\n")[-1])
else:
    print("full check:", full.output.strip().split("\n")[-1])
