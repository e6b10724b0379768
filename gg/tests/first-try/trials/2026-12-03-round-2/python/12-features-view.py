import json
import gg

config = json.loads(gg.files.read_file("config/app.json").contents)
enabled = [name for name, on in config.get("features", {}).items() if on is True]
gg.views.open_text("features on", "\n".join(enabled))
print(f"{len(enabled)} features on: {', '.join(enabled)}")
