import gg

text = gg.files.read_file("src/settings.py").contents
gg.files.write_file("src/settings.py", text.replace("load", "read_settings"))
