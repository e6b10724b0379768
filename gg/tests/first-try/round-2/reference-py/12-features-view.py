import json
import gg

app = json.loads(gg.files.read_file("config/app.json").contents)
on = [name for name, enabled in app["features"].items() if enabled]
gg.views.open_text("\n".join(on), "features on")
