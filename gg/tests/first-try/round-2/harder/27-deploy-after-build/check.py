import sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from checklib import Run, fail

run = Run()
run.require_completed()
cmds = [(str((c.get("args") or {}).get("command", "")), c.get("result") or {}) for c in run.ok_calls("shell.run")]
deploys = [i for i, (cmd, _) in enumerate(cmds) if "deploy.sh" in cmd]
builds = [i for i, (cmd, _) in enumerate(cmds) if "build.sh" in cmd and "deploy.sh" not in cmd]
if not deploys or not builds:
    fail(f"expected a deploy, a build and a deploy again; the shell ran {[c for c, _ in cmds]!r}")
if deploys[0] > builds[0]:
    fail("the build ran before the first deploy was tried")
if not any(d > builds[0] and cmds[d][1].get("exit-code") == 0 for d in deploys):
    fail("no deploy succeeded after the build")
if not (run.ws / "dist/VERSION").is_file():
    fail("dist/ was not built")
if not any("deployed release 4.1.0" in l for l in run.logs()):
    fail("the deploy's last line `deployed release 4.1.0` was not printed")
if any("uploading" in l for l in run.logs()):
    fail("more of the deploy's output than its last line was printed")
