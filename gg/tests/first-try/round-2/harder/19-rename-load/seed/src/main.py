from settings import cached

print(cached("settings.json")["name"])
