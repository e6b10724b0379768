import json
import gg

try:
    text = gg.files.read_file("config/settings.json").contents
except gg.ApiError as e:
    if e.code != gg.ErrorCode.NOT_FOUND:
        raise
    text = gg.files.read_file("config/settings.example.json").contents
    gg.files.write_file("config/settings.json", text)
print("retries:", json.loads(text)["retries"])
