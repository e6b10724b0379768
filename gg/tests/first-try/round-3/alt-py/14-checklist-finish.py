import re
import gg

text = gg.files.read_file("release/checklist.md").contents
ticked = re.findall(r"^- \[x\] (.+)$", text, re.MULTILINE)
unticked = re.findall(r"^- \[ \] (.+)$", text, re.MULTILINE)
if unticked:
    for item in unticked:
        print(item)
else:
    gg.session.finish(f"Checklist complete: {len(ticked)} of {len(ticked)} items ticked.")
