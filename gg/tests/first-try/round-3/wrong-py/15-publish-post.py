import gg

# Near miss: the new post's line goes at the end of the index, not the top.
gg.skills.read("posts")
gg.programs.rerun('''
import gg
from lib import posts

title, date = "Ledger 3.0: Faster Imports & Offline Mode", "2026-12-04"
name = f"{date}-{posts.slug(title)}"
gg.files.write_file(f"posts/{name}.md", f"# {title}\\n\\n" + gg.files.read_file("drafts/ledger-3.txt").contents)
index = gg.files.read_file("posts/index.txt").contents
gg.files.write_file("posts/index.txt", index + f"{date} {posts.slug(title)}\\n")
print(f"published {name}")
''')
