import re
import gg

path = "config/app.ini"
contents = gg.files.read_file(path).contents
lines = contents.splitlines()

port_done = False
level_done = False
for line in lines:
    if not port_done and re.match(r"^\s*[\w.-]*port\s*[=:]\s*8080\b", line, re.IGNORECASE):
        new = re.sub(r"8080", "9090", line, count=1)
        gg.files.edit_file(path, line, new)
        print(f"{line!r} -> {new!r}")
        port_done = True
    elif not level_done and re.match(r"^\s*[\w.-]*level\s*[=:]\s*[\"']?info\b", line, re.IGNORECASE):
        new = re.sub(r"\binfo\b", "debug", line, count=1)
        gg.files.edit_file(path, line, new)
        print(f"{line!r} -> {new!r}")
        level_done = True

if not port_done:
    print("port line with 8080 not found")
if not level_done:
    print("log level line with info not found")
