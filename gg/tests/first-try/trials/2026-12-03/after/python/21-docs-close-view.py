import gg


def find_close():
    for query in ["close", "close view", "close views"]:
        result = gg.docs.search(query)
        for hit in result.hits:
            if hit.name.split(".")[-1] == "close" and "views" in hit.module:
                return hit
    return None


hit = find_close()
if hit is None:
    print("no documentation found for closing a view")
else:
    print(hit.signature)
    full_name = hit.name if hit.name.startswith(hit.module) else f"{hit.module}.{hit.name}"
    if not full_name.startswith("gg."):
        full_name = "gg." + full_name
    gg.views.open_docs(full_name)
