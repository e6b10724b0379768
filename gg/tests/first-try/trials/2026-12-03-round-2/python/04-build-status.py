import gg

result = gg.shell.run("sh scripts/build.sh")
lines = [line for line in result.output.splitlines() if line.strip()]
last = lines[-1] if lines else "(no output)"

if result.exit_code is None:
    print("Exit code: none (the build was killed)")
else:
    print(f"Exit code: {result.exit_code}")
print(f"Last line: {last}")
