import gg


def collect(query, module):
    hits = []
    offset = 0
    while True:
        page = gg.docs.search(query, module=module, offset=offset, limit=50)
        hits.extend(page.hits)
        offset += len(page.hits)
        if not page.hits or offset >= page.total:
            return hits


def in_tasks(hit):
    mod = hit.module.split(".")[-1]
    return mod == "tasks"


def is_operation(hit):
    last = hit.name.split(".")[-1]
    if not last or not last[0].islower():
        return False  # records and enums are capitalised
    sig = hit.signature.strip()
    return "(" in sig and not sig.startswith("class")


found = []
for module in ("tasks", "gg.tasks", None):
    for query in ("", "task", "tasks"):
        try:
            hits = collect(query, module)
        except gg.ApiError as e:
            print(f"search({query!r}, module={module!r}) failed: {e.message}")
            continue
        for hit in hits:
            if in_tasks(hit) and is_operation(hit) and hit.name not in found:
                found.append(hit.name)
    if found:
        break

gg.files.write_file("docs/tasks-api.txt", "".join(name + "\n" for name in found))
print(f"Wrote {len(found)} names to docs/tasks-api.txt:")
for name in found:
    print(name)
