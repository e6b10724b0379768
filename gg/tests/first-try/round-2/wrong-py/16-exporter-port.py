import re
import gg

best = gg.memories.search(["metrics", "port"])[0]
print(re.search(r"port (\d+)", gg.memories.read(best.name).body).group(1))
