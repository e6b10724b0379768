import gg

changed = sorted({m.path for m in gg.files.search(r"db-old\.internal", "config")})
for path in changed:
    text = gg.files.read_file(path).contents
    gg.files.write_file(path, text.replace("db-old.internal", "db.internal"))
print("\n".join(changed))
