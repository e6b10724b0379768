import re
import gg

ENTRY = "Fixed the crash when saving an empty file"

body = gg.skills.read("changelog")
print("--- skill changelog ---")
print(body)
print("--- end skill ---")

# If the skill's text names a function of its code (lib.changelog.<fn>(...)), use that.
called = re.findall(r"lib\.changelog\.(\w+)\s*\(", body)
fn_name = called[0] if called else None

# The file the skill talks about, if any (fallback when it has no code).
file_match = re.search(r"[\w./-]*CHANGELOG[\w.-]*", body, re.IGNORECASE)
changelog_path = file_match.group(0) if file_match else "CHANGELOG.md"

# The skill's code binds as lib.changelog only from the next program on, so run a second program.
second = f'''
import inspect
import re
import gg

ENTRY = {ENTRY!r}
FN_NAME = {fn_name!r}
PATH = {changelog_path!r}

mod = None
try:
    import lib
    mod = getattr(lib, "changelog", None)
except ImportError:
    mod = None

done = False
if mod is not None:
    fn = getattr(mod, FN_NAME, None) if FN_NAME else None
    if fn is None:
        funcs = [getattr(mod, n) for n in dir(mod)
                 if not n.startswith("_") and inspect.isfunction(getattr(mod, n))]
        preferred = [f for f in funcs
                     if re.search(r"add|record|entry|append|log|change", f.__name__, re.I)]
        pick = preferred or funcs
        fn = pick[0] if len(pick) >= 1 else None
    if fn is not None:
        result = fn(ENTRY)
        print("called lib.changelog." + fn.__name__, "->", result)
        done = True

if not done:
    try:
        text = gg.files.read_file(PATH).contents
    except gg.ApiError:
        text = "# Changelog\\n\\n## Unreleased\\n"
    lines = text.splitlines()
    idx = None
    for i, line in enumerate(lines):
        if re.match(r"^#+\\s*\\[?unreleased\\]?", line, re.I):
            idx = i
            break
    if idx is None:
        for i, line in enumerate(lines):
            if re.match(r"^##\\s", line):
                idx = i
                break
    if idx is None:
        lines.append("- " + ENTRY)
    else:
        j = idx + 1
        while j < len(lines) and lines[j].strip() == "":
            j += 1
        lines.insert(j, "- " + ENTRY)
    gg.files.write_file(PATH, "\\n".join(lines) + "\\n")
    print("added entry to", PATH)
'''
gg.programs.rerun(second)
