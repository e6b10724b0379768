import re
import gg

path = "config/app.ini"
text = gg.files.read_file(path)

new, n_port = re.subn(r"(?m)^(\s*port\s*[=:]\s*)8080\b", r"\g<1>9090", text)
new, n_level = re.subn(
    r"(?mi)^(\s*(?:log[_\-.]?level|level|loglevel)\s*[=:]\s*)info\b", r"\g<1>debug", new
)

if n_port != 1 or n_level != 1:
    print(f"warning: port replacements={n_port}, level replacements={n_level}")

gg.files.write_file(path, new)
print(f"updated {path}")
