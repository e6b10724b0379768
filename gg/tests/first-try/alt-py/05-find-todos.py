import gg
print(gg.shell.run("grep -rn TODO src").output)
