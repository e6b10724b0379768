import re
import gg

result = gg.shell.run("sh check.sh")
print(f"check.sh exit code: {result.exit_code}")
print(result.output)

fail_re = re.compile(r"(?i)\b(fail(ed|ure|s)?|error|not ok)\b|✗|❌")
pass_re = re.compile(r"(?i)\b(ok|pass(ed)?)\b|✓|✔")
failures = []
for line in result.output.splitlines():
    s = line.strip()
    if not s:
        continue
    if fail_re.search(s) and not re.match(r"(?i)^(all )?\d+ (checks? )?(passed|ok)", s):
        if re.search(r"(?i)\b0 fail", s):
            continue
        failures.append(s)

if result.exit_code == 0 and not failures:
    gg.session.approve()
    print("All checks passed: approving.")
else:
    if not failures:
        tail = [l.strip() for l in result.output.splitlines() if l.strip()][-5:]
        failures = [
            f"sh check.sh exited with {result.exit_code}: " + (" / ".join(tail) or "no output")
        ]
    gg.session.request_changes(failures)
    print("Requesting changes:")
    for item in failures:
        print(f"- {item}")
