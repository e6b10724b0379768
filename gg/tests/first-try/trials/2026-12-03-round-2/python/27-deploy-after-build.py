import re
import gg


def last_line(out):
    lines = [l for l in out.output.splitlines() if l.strip()]
    return lines[-1] if lines else "(no output)"


deploy = gg.shell.run("sh deploy.sh")
if deploy.exit_code != 0:
    reason = deploy.output.lower()
    if re.search(r"build|built|dist|artifact|nothing to deploy", reason):
        build = gg.shell.run("sh build.sh")
        print(f"Deploy failed ({last_line(deploy)}); built with exit code {build.exit_code}: {last_line(build)}")
        deploy = gg.shell.run("sh deploy.sh")
    else:
        print(f"Deploy failed with exit code {deploy.exit_code}, not for want of a build.")

print(last_line(deploy))
