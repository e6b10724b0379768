import gg

r = gg.shell.run("sh scripts/build.sh")
print(f"exit code: {r.exit_code}")
print(r.output)
