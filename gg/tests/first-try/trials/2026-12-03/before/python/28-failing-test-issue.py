import re
import gg

result = gg.shell.run("sh run-tests.sh")
output = (result.stdout or "") + (result.stderr or "")
print(output)

name = None
patterns = [
    r"^FAILED\s+(\S+)",
    r"^FAIL:?\s+(\S+)",
    r"^not ok\s+\d+\s*-?\s*(.+)$",
    r"^---\s*FAIL:\s*(\S+)",
    r"^test\s+(\S+)\s+\.\.\.\s+FAILED",
    r"^(\S+)\s+\.\.\.\s+FAIL",
    r"(\S+)\s+FAILED\b",
    r"\bFAIL(?:ED)?\b[:\s]+(\S+)",
]
for pat in patterns:
    m = re.search(pat, output, re.MULTILINE)
    if m:
        name = m.group(1).strip()
        break
if name is None:
    name = "unknown test"

last_three = "\n".join(output.rstrip("\n").splitlines()[-3:])

issue = gg.board.create_issue(
    f"Test failing: {name}",
    description=last_three,
    labels=["ci"],
)
print(issue.id)
gg.session.finish(f"The test {name} fails; filed issue {issue.id} labelled ci.")
