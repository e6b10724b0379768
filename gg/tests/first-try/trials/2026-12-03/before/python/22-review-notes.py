import re
import gg

rules_text = gg.files.read_file("REVIEW-RULES.md")
notes = gg.files.read_file("release/notes.md").splitlines()
print(rules_text)

rules = [
    re.sub(r"^\s*(?:[-*+]|\d+[.)])\s*", "", l).strip()
    for l in rules_text.splitlines()
    if re.match(r"^\s*(?:[-*+]|\d+[.)])\s+", l)
]

problems = {}


def flag(lineno, reason):
    problems.setdefault(lineno, []).append(reason)


for rule in rules:
    low = rule.lower()
    # Maximum line length
    m = re.search(r"(\d+)\s*(?:characters|chars|columns)", low)
    if m and any(k in low for k in ("long", "length", "exceed", "more than", "longer", "at most")):
        limit = int(m.group(1))
        for n, line in enumerate(notes, 1):
            if len(line) > limit:
                flag(n, f"longer than {limit} characters")
        continue
    if "trailing" in low and ("space" in low or "whitespace" in low):
        for n, line in enumerate(notes, 1):
            if line != line.rstrip():
                flag(n, "trailing whitespace")
        continue
    if "tab" in low and ("no " in low or "never" in low or "not" in low):
        for n, line in enumerate(notes, 1):
            if "\t" in line:
                flag(n, "contains a tab")
        continue
    # Forbidden words quoted in the rule, e.g. No `TODO` or "TBD"
    quoted = re.findall(r"[`\"']([^`\"']+)[`\"']", rule)
    if quoted and any(k in low for k in ("no ", "not", "never", "must not", "don't", "avoid", "forbid")):
        for n, line in enumerate(notes, 1):
            for q in quoted:
                if q.lower() in line.lower():
                    flag(n, f"contains {q!r}")
        continue
    # Bullet items must end with a period
    if ("end" in low and ("period" in low or "full stop" in low)):
        for n, line in enumerate(notes, 1):
            if re.match(r"^\s*[-*+]\s+", line) and not line.rstrip().endswith("."):
                flag(n, "does not end with a period")
        continue
    # Issue references
    if "issue" in low and ("reference" in low or "#" in rule or "link" in low):
        for n, line in enumerate(notes, 1):
            if re.match(r"^\s*[-*+]\s+", line) and not re.search(r"#\d+", line):
                flag(n, "does not reference an issue")
        continue
    print(f"(could not check rule automatically: {rule})")

if problems:
    items = [
        f"Line {n}: {'; '.join(reasons)}: {notes[n - 1].strip()}"
        for n, reasons in sorted(problems.items())
    ]
    for item in items:
        print(item)
    gg.session.request_changes(items)
else:
    gg.session.approve()
