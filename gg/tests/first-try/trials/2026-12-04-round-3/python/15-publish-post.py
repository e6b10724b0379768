import gg

gg.skills.read("posts")

second = r'''
import gg
import lib

title = "Ledger 3.0: Faster Imports & Offline Mode"
date = "2026-12-04"
slug = lib.posts.slug(title)
text = gg.files.read_file("drafts/ledger-3.txt").contents
gg.files.write_file(f"posts/{date}-{slug}.md", f"# {title}\n\n{text}")
index = gg.files.read_file("posts/index.txt").contents
gg.files.write_file("posts/index.txt", f"{date} {slug}\n{index}")
print(f"published {date}-{slug}")
'''
gg.programs.rerun(second)
