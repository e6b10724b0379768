import gg

r = gg.shell.run("LC_ALL=C sort -u lists/guests.txt > lists/guests-sorted.txt")
print("exit", r.exit_code)
