import os
import gg

folder = "uploads"
for name in sorted(os.listdir(folder)):
    path = os.path.join(folder, name)
    if os.path.isfile(path) and os.path.getsize(path) == 0:
        print(name)
