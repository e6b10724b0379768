import gg

r = gg.shell.run("sh check.sh")
if r.exit_code == 0:
    gg.session.approve()
else:
    gg.session.request_changes([r.output])
