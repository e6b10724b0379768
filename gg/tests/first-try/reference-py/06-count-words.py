import gg

out = gg.shell.run("wc -w notes/poem.txt")
print(out.output.split()[0])
