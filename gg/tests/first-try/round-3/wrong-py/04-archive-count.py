import gg

# Near miss: the empty string after the last newline counted as a file.
r = gg.shell.run("tar -tf backup/site-2026-11.tar")
print(len(r.output.split("\n")))
