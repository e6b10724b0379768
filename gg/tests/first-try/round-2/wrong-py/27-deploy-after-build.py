import gg

r = gg.shell.run("sh deploy.sh")
if r.exit_code != 0:
    gg.shell.run("sh build.sh")
print(r.output.rstrip().splitlines()[-1])
