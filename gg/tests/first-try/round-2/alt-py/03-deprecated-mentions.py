import gg

out = gg.shell.run("grep -rci deprecated src").output
for line in sorted(out.splitlines()):
    path, n = line.rsplit(":", 1)
    if int(n) > 0:
        print(f"{path.removeprefix('src/')} -> {n} lines")
