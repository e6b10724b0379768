import gg

r = gg.shell.run("sh scripts/build.sh")
print(f"exit code: {r.exit_code}")
print(f"last line: {r.output.rstrip().splitlines()[-1]}")
