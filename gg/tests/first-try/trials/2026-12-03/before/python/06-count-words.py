import gg

result = gg.shell.run("wc -w < notes/poem.txt")
print(result.stdout.strip().split()[0])
