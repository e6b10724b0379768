import json
import gg

path = "config/settings.json"
try:
    text = gg.files.read_file(path)
except gg.ApiError as e:
    if e.code != gg.ErrorCode.NOT_FOUND:
        raise
    text = gg.files.read_file("config/settings.example.json")
    gg.files.write_file(path, text)
    print(f"created {path} from config/settings.example.json")

print(json.loads(text)["retries"])
