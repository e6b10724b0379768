import gg

# Near miss: every 1.4.2 in the file.
text = gg.files.read_file("pyproject.toml").contents
gg.files.write_file("pyproject.toml", text.replace("1.4.2", "1.5.0"))
