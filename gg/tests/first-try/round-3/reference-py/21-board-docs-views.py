import gg

found = gg.docs.search("", module="gg.board", limit=50)
ops = [h.name for h in found.hits if "(" in h.signature]
for name in ops:
    gg.views.open_docs(name)
print("\n".join(ops))
