import gg

# grep instead of the files search; paths printed as grep gives them.
r = gg.shell.run(r"grep -rnE '(^|[^A-Za-z0-9_])send_invoice\(' src | grep -v 'def send_invoice'")
for line in sorted(r.output.splitlines()):
    path, number, _ = line.split(":", 2)
    print(f"{path}:{number}")
