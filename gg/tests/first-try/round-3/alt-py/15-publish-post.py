import gg

print(gg.skills.read("posts"))
gg.programs.rerun("""
import gg
from lib.posts import slug

TITLE = "Ledger 3.0: Faster Imports & Offline Mode"
DATE = "2026-12-04"
s = slug(TITLE)
body = gg.files.read_file("drafts/ledger-3.txt").contents.rstrip("\\n")
gg.files.write_file(f"posts/{DATE}-{s}.md", "\\n".join([f"# {TITLE}", "", body]) + "\\n")
old = gg.files.read_file("posts/index.txt").contents.splitlines()
gg.files.write_file("posts/index.txt", "\\n".join([f"{DATE} {s}", *old]) + "\\n")
print(f"published {DATE}-{s}")
""")
