import re
import gg

r = gg.shell.run("sh check.sh")
items = [f"The {name} check failed: {why}" for name, why in re.findall(r"^(.+?): FAILED \((.*)\)$", r.output, re.M)]
if items:
    gg.session.request_changes(items)
else:
    gg.session.approve()
