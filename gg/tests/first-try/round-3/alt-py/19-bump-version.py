import gg

lines = gg.files.read_file("pyproject.toml").contents.split("\n")
lines = ['version = "1.5.0"' if l == 'version = "1.4.2"' else l for l in lines]
gg.files.write_file("pyproject.toml", "\n".join(lines))
print("pyproject.toml: version 1.5.0")
