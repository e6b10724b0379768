import gg

gg.files.edit_file("config/app.ini", "port = 8080", "port = 9090")
gg.files.edit_file("config/app.ini", "level = info", "level = debug")
