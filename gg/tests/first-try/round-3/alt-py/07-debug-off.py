import gg

text = gg.files.read_file("deploy/app.env").contents
kept = [line for line in text.splitlines() if line != "DEBUG=1"]
gg.files.write_file("deploy/app.env", "\n".join(kept) + "\n")
print("DEBUG=1 removed")
