import gg
print("Lines:", gg.shell.run("wc -l < notes/journal.txt").output.strip())
print("Last line:", gg.shell.run("tail -n 1 notes/journal.txt").output.strip())
