import re
import gg

rules = gg.files.read_file("REVIEW-RULES.md").contents
notes = gg.files.read_file("release/notes.md").contents
print("--- rules ---")
print(rules)
rules_l = rules.lower()

# Work out which checks the rules ask for, from their wording.
max_len = None
m = re.search(r"(\d+)\s*(?:characters|chars|columns)", rules_l)
if m:
    max_len = int(m.group(1))

forbidden = set()
for word in ["TODO", "FIXME", "TBD", "XXX"]:
    if word.lower() in rules_l:
        forbidden.add(word)
# Words quoted in backticks near "must not"/"never"/"no" lines.
for rline in rules.splitlines():
    low = rline.lower()
    if re.search(r"\b(must not|never|no|don't|do not|forbidden|avoid)\b", low):
        for q in re.findall(r"`([^`]+)`", rline):
            forbidden.add(q)

check_trailing_ws = "trailing" in rules_l and ("space" in rules_l or "whitespace" in rules_l)
check_period = bool(re.search(r"end(s)? with a (period|full stop)|full stop|period", rules_l))
check_capital = bool(re.search(r"capital|upper-?case", rules_l))
check_tabs = "tab" in rules_l

items = []
for n, line in enumerate(notes.splitlines(), start=1):
    problems = []
    if max_len is not None and len(line) > max_len:
        problems.append(f"is longer than {max_len} characters ({len(line)})")
    for word in sorted(forbidden):
        if word in line:
            problems.append(f"contains `{word}`")
    if check_trailing_ws and line != line.rstrip():
        problems.append("has trailing whitespace")
    if check_tabs and "\t" in line:
        problems.append("contains a tab")
    bullet = re.match(r"^\s*[-*+]\s+(.*)$", line)
    if bullet:
        item = bullet.group(1).strip()
        if check_period and item and not item.endswith("."):
            problems.append("bullet does not end with a period")
        if check_capital and item and item[0].isalpha() and not item[0].isupper():
            problems.append("bullet does not start with a capital letter")
    if problems:
        items.append(f"Line {n}: {'; '.join(problems)}: {line.strip()}")

if items:
    for item in items:
        print(item)
    gg.session.request_changes(items)
else:
    print("no rule broken; approving")
    gg.session.approve()
