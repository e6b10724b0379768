# expect: completed
# Leaves this session's marker in its workspace, its views and its log.
import gg

gg.files.write_file("marker.txt", "MARKER")
gg.views.open_text("MARKER", "marker")
print("MARKER")
