import re
import gg

out = gg.shell.run("sh run-tests.sh")
failing = re.search(r"^test (\S+) \.\.\. FAILED", out.output, re.M).group(1)
last3 = "\n".join(out.output.rstrip("\n").splitlines()[-3:])
gg.board.create_issue(f"Test failing: {failing}", description=last3, labels=["ci"])
gg.session.finish(f"The tests fail: {failing} (exit {out.exit_code}); filed an issue labelled ci.")
