import gg

results = gg.docs.search("close a view")
hit = next(
    (r for r in results if "close" in r.name.lower() and "view" in r.name.lower()),
    results[0],
)
print(hit.signature)
gg.views.open_docs(hit.name)
