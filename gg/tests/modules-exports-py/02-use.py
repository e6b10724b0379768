import gg
from lib.notes import LIMIT, summarize

print(summarize("\n\nShopping: eggs, flour, milk, and a very long list of other things").line, LIMIT)
for hit in gg.docs.search("summar", module="lib.notes").hits:
    print(f"{hit.name}: {hit.signature}")
gg.views.open_docs("lib.notes.summarize_file")
