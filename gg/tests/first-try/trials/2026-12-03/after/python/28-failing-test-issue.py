import re
import gg

result = gg.shell.run("sh run-tests.sh")
output = result.output
print(f"exit code: {result.exit_code}")
print(output)

patterns = [
    r"^\s*FAIL(?:ED)?[:\s]+([\w./:\[\]-]+)",   # FAIL: test_x / FAILED tests/x.py::test_y
    r"^\s*---\s*FAIL:\s*(\S+)",                 # --- FAIL: TestX
    r"^\s*not ok\s+\d+\s*-?\s*(.+?)\s*$",       # TAP
    r"^\s*([\w./:-]+)\s*\.\.\.\s*(?:FAIL|FAILED|ERROR)\b",  # test_x ... FAIL
    r"^\s*✗\s*(.+?)\s*$",
    r"\b(test[\w.:-]*)\b.*\b(?:FAIL|FAILED|failed)\b",
    r"\b(?:FAIL|FAILED|failed)\b.*?\b(test[\w.:-]*)",
]
name = None
for pat in patterns:
    for line in output.splitlines():
        m = re.search(pat, line)
        if m:
            name = m.group(1).strip().rstrip(":")
            break
    if name:
        break
if not name:
    name = "unknown test"

last3 = "\n".join(output.rstrip("\n").splitlines()[-3:])
issue_id = gg.board.create_issue(f"Test failing: {name}", description=last3, labels=["ci"])
print(f"filed issue {issue_id}: Test failing: {name}")
gg.session.finish(f"Ran sh run-tests.sh: the test {name} fails; filed issue #{issue_id} (label ci).")
