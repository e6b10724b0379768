import gg

# Near miss: every line holding DEBUG=1 goes, the comment too.
lines = gg.files.read_file("deploy/app.env").contents.splitlines()
gg.files.write_file("deploy/app.env", "".join(l + "\n" for l in lines if "DEBUG=1" not in l))
