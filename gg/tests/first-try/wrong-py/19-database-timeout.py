import gg
t = gg.files.read_file("config/server.conf").contents
gg.files.write_file("config/server.conf", t.replace("timeout = 30", "timeout = 60"))
