import os
import shutil
import gg

src = "drafts/plan.md"
dst = "docs/plan.md"
os.makedirs("docs", exist_ok=True)
if os.path.exists(dst):
    print(f"{dst} already exists; not overwriting")
else:
    shutil.move(src, dst)
    print(f"moved {src} to {dst}")
