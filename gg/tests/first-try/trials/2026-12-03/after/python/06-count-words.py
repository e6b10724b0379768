import gg

result = gg.shell.run("wc -w < notes/poem.txt")
if result.exit_code != 0:
    print("wc failed:", result.exit_code, result.output)
else:
    print(result.output.strip().split()[0])
