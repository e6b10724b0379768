import gg

# The shell instead of the files tools.
r = gg.shell.run("find uploads -maxdepth 1 -type f -empty | sort")
for line in r.output.splitlines():
    print(line.removeprefix("uploads/"))
