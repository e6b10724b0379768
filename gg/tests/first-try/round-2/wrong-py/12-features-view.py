import json
import gg

app = json.loads(gg.files.read_file("config/app.json").contents)
gg.views.open_text("\n".join(f"{k}: {v}" for k, v in app["features"].items()), "features on")
