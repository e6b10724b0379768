# Capture floods: five searches of 9,999 keywords of 4 KiB (41 MB each) and a hundred text views
# of 1 MiB. The outcome keeps a bounded part of each and says what it cut.
import gg

keywords = ["k" * 4096] * 9999
for _ in range(5):
    gg.memories.search(keywords)
for i in range(100):
    gg.views.open_text("x" * (1 << 20), f"view-{i}")
gg.session.finish("s" * (1 << 20))
print("done")
