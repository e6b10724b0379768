import re
import gg

NEW_PORT = "6543"
mem = gg.memories.read("staging-db")
body = mem.body

# "port 5432", "port: 5432", "port=5432", "--port 5432", "-p 5432"
port_word = re.compile(r"(?i)(\bport\b[\s:=]*|(?<!\w)-p\s*)(\d{2,5})\b")
# "host:5432" as in a URL or a host:port pair
host_port = re.compile(r"((?:[A-Za-z0-9_.-]+|\]|@[A-Za-z0-9_.-]+)):(\d{2,5})\b")

new_body, n1 = port_word.subn(lambda m: m.group(1) + NEW_PORT, body)
new_body, n2 = host_port.subn(lambda m: m.group(1) + ":" + NEW_PORT, new_body)

if n1 + n2 == 0:
    # No port written anywhere: add the fact as a line of its own.
    sep = "" if body.endswith("\n") or not body else "\n"
    new_body = body + sep + f"Port: {NEW_PORT}\n"

gg.memories.write("staging-db", mem.description, new_body, code=mem.code)
print("Updated staging-db:")
print(new_body)
