import gg

p = "src/settings.py"
for old, new in [
    ("def load(path):", "def read_settings(path):"),
    ("        _cache[path] = load(path)", "        _cache[path] = read_settings(path)"),
    ("    _cache[path] = load(path)\n    return", "    _cache[path] = read_settings(path)\n    return"),
    ('{"json": load}', '{"json": read_settings}'),
]:
    gg.files.edit_file(p, old, new)
