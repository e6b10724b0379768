# Prints the views the connection's earlier programs opened, then opens one of its own.
import gg

print("views: [" + ",".join(v.selector for v in gg.views.current()) + "]")
gg.views.open_text("opened by a Python program", "python")
