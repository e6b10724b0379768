import gg

gg.skills.read("posts")  # binds the skill's code as lib.posts for the next program
gg.programs.rerun('''
import gg
from lib import posts

title, date = "Ledger 3.0: Faster Imports & Offline Mode", "2026-12-04"
name = f"{date}-{posts.slug(title)}"
text = gg.files.read_file("drafts/ledger-3.txt").contents
gg.files.write_file(f"posts/{name}.md", f"# {title}\\n\\n{text}")
index = gg.files.read_file("posts/index.txt").contents
gg.files.write_file("posts/index.txt", f"{date} {posts.slug(title)}\\n{index}")
print(f"published {name}")
''')
