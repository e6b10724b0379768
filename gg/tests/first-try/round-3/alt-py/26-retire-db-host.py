import gg

# The shell: grep for the files, sed to replace.
files = gg.shell.run("grep -rl 'db-old\\.internal' config | sort").output.split()
gg.shell.run("sed -i 's/db-old\\.internal/db.internal/g' " + " ".join(files))
for f in files:
    print(f)
