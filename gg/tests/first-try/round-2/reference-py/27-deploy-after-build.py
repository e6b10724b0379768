import gg

r = gg.shell.run("sh deploy.sh")
if r.exit_code != 0:
    b = gg.shell.run("sh build.sh")
    if b.exit_code != 0:
        raise SystemExit(f"the build failed: {b.output}")
    r = gg.shell.run("sh deploy.sh")
print(r.output.rstrip().splitlines()[-1])
