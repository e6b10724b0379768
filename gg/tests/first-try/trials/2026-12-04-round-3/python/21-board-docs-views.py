import gg


def all_hits(query, module=None):
    hits = []
    offset = 0
    while True:
        page = gg.docs.search(query, module=module, offset=offset, limit=50)
        hits.extend(page.hits)
        offset += len(page.hits)
        if not page.hits or offset >= page.total:
            break
    return hits


hits = None
for module in ("board", "gg.board"):
    try:
        hits = all_hits("", module=module)
        if hits:
            break
    except gg.ApiError:
        hits = None
if not hits:
    hits = all_hits("board")


def in_board(hit):
    mod = (hit.module or "").strip()
    return mod in ("board", "gg.board") or hit.name.startswith(("gg.board.", "board."))


seen = []
for hit in hits:
    if not in_board(hit):
        continue
    short = hit.name.rsplit(".", 1)[-1]
    if not short or not short[0].islower() or (hit.signature or "").lstrip().startswith("class"):
        continue
    if hit.name.startswith("gg."):
        full = hit.name
    elif hit.name.startswith("board."):
        full = "gg." + hit.name
    else:
        full = "gg.board." + short
    if full not in seen:
        seen.append(full)

for name in seen:
    try:
        gg.views.open_docs(name)
    except gg.ApiError:
        gg.views.open_docs(name.rsplit(".", 1)[-1])
    print(name)
