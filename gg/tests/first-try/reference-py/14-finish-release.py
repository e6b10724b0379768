import gg

text = gg.files.read_file("notes/status.txt").contents
fields = dict(l.split(": ", 1) for l in text.splitlines() if ": " in l)
if fields.get("state") == "ready":
    gg.session.finish(f"The release {fields['release']} is ready.")
else:
    print(text)
