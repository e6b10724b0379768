import inspect
import gg

ENTRY = "Fixed the crash when saving an empty file"

skill = gg.skills.read_skill("changelog")
print(skill.body)

done = False
try:
    import lib

    module = lib.changelog
    funcs = [
        (name, obj)
        for name, obj in vars(module).items()
        if callable(obj) and not name.startswith("_") and inspect.isfunction(obj)
    ]
    preferred = [
        (n, f) for n, f in funcs
        if any(k in n.lower() for k in ("add", "record", "entry", "log", "append"))
    ]
    for name, func in preferred or funcs:
        try:
            result = func(ENTRY)
            print(f"called lib.changelog.{name}: {result}")
            done = True
            break
        except TypeError:
            continue
except (ImportError, AttributeError) as e:
    print(f"skill has no code: {e}")

if not done:
    path = "CHANGELOG.md"
    try:
        text = gg.files.read_file(path)
    except gg.ApiError:
        text = "# Changelog\n\n## Unreleased\n\n"
    lines = text.splitlines()
    idx = next((i for i, l in enumerate(lines) if l.lower().startswith("## unreleased")), None)
    if idx is None:
        idx = next((i for i, l in enumerate(lines) if l.startswith("## ")), len(lines))
        lines[idx:idx] = ["## Unreleased", "", f"- {ENTRY}", ""]
    else:
        insert_at = idx + 1
        while insert_at < len(lines) and lines[insert_at].strip() == "":
            insert_at += 1
        lines.insert(insert_at, f"- {ENTRY}")
    gg.files.write_file(path, "\n".join(lines) + "\n")
    print(f"added entry to {path}")
