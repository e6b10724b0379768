import json
import re
import yaml
import gg

memory = gg.memories.read("component-owners")
body = memory.body
COMPONENT = "billing"


def is_component(text):
    t = str(text).strip().strip("`*_'\"").strip().lower()
    return t == COMPONENT or t.endswith("/" + COMPONENT) or t.endswith("/" + COMPONENT + "/")


def from_data(data):
    if isinstance(data, dict):
        for key, value in data.items():
            if is_component(key):
                if isinstance(value, dict):
                    for k in ("owner", "owners", "owned_by", "team"):
                        if k in value:
                            return value[k]
                return value
        for value in data.values():
            found = from_data(value)
            if found is not None:
                return found
    elif isinstance(data, list):
        for item in data:
            if isinstance(item, dict) and any(is_component(v) for v in item.values() if isinstance(v, str)):
                for k in ("owner", "owners", "owned_by", "team"):
                    if k in item:
                        return item[k]
            found = from_data(item)
            if found is not None:
                return found
    return None


def clean(text):
    text = text.strip()
    text = re.sub(r"^[`*_\s]+|[`*_\s]+$", "", text)
    return text.rstrip(".;,").strip()


owner = None

# 1. a structured body (JSON or YAML)
for loader in (json.loads, yaml.safe_load):
    try:
        data = loader(body)
    except Exception:
        continue
    if isinstance(data, (dict, list)):
        found = from_data(data)
        if found is not None:
            owner = ", ".join(map(str, found)) if isinstance(found, list) else str(found)
            break

# 2. line by line
fallback = None
if owner is None:
    word = re.compile(r"(?<![\w-])" + COMPONENT + r"(?![\w-])", re.IGNORECASE)
    for line in body.splitlines():
        if not word.search(line):
            continue
        stripped = line.strip()
        if fallback is None:
            fallback = stripped
        if stripped.startswith("|"):
            cells = [c.strip() for c in stripped.strip("|").split("|")]
            for i, cell in enumerate(cells):
                if is_component(cell):
                    rest = [clean(c) for c in cells[i + 1:] if clean(c)]
                    if rest:
                        owner = rest[0]
                    break
            if owner:
                break
            continue
        m = re.search(
            r"(?<![\w-])" + COMPONENT + r"(?![\w-])[`*_/]*\s*(?:\([^)]*\)\s*)?"
            r"(?:->|=>|→|:|=|—|–|-|is owned by|owned by|belongs to|is)\s*(.+)",
            stripped, re.IGNORECASE)
        if m and clean(m.group(1)):
            owner = clean(m.group(1))
            break
        m = re.search(r"^[-*\s]*(.+?)\s+owns?\s+[`*_]*" + COMPONENT, stripped, re.IGNORECASE)
        if m:
            owner = clean(m.group(1))
            break

if owner:
    print(owner)
elif fallback:
    print(fallback)
else:
    print("billing is not mentioned in component-owners; its text:")
    print(body)
