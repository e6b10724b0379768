import gg

r = gg.shell.run("sh check.sh")
failed = [line for line in r.output.splitlines() if ": FAILED" in line]
if r.exit_code == 0 and not failed:
    gg.session.approve()
else:
    gg.session.request_changes(failed)
