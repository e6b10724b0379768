import gg

found = gg.docs.search("close view")
hit = next(h for h in found.hits if h.name.endswith("views.close"))
print(hit.signature)
gg.views.open_docs(hit.name)
