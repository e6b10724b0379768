import json, gg
text = gg.files.read_file("config/settings.example.json").contents
print("retries:", json.loads(text)["retries"])
