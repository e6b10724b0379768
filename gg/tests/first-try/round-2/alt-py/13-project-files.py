import gg

print(gg.shell.run("find projects -type f | sort").output.rstrip())
