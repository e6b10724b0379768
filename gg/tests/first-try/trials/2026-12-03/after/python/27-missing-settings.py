import json
import gg

path = "config/settings.json"
try:
    text = gg.files.read_file(path).contents
except gg.ApiError as e:
    if e.code != gg.ErrorCode.NOT_FOUND:
        raise
    text = gg.files.read_file("config/settings.example.json").contents
    gg.files.write_file(path, text)
    print(f"created {path} from config/settings.example.json")


def find(obj, key):
    if isinstance(obj, dict):
        if key in obj:
            return obj[key]
        for v in obj.values():
            r = find(v, key)
            if r is not None:
                return r
    elif isinstance(obj, list):
        for v in obj:
            r = find(v, key)
            if r is not None:
                return r
    return None


settings = json.loads(text)
print(find(settings, "retries"))
