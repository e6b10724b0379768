import gg
for q in ["close a view", "close views", "close"]:
    hits = [h for h in gg.docs.search(q, module="gg.views").hits if h.name.endswith(".close")]
    if hits:
        break
print("signature:", hits[0].signature)
gg.views.open_docs(hits[0].name)
