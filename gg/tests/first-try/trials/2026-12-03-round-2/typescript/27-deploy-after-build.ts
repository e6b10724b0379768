import { shell } from "gg";
import type { ShellOutput } from "gg";

function lastLine(r: ShellOutput): string {
  const lines = r.output.split(/\r?\n/).filter((l) => l.trim() !== "");
  return lines.length > 0 ? lines[lines.length - 1] : "(no output)";
}

let deploy = shell.run("sh deploy.sh");
if (deploy.exitCode !== 0) {
  const notBuilt = /not (been |yet )?built|nothing (has been |is )?built|no build|build (it )?first|run (sh )?\.?\/?build|build\.sh|dist|artifact|nothing to deploy/i.test(deploy.output);
  if (notBuilt) {
    console.log(`deploy failed (${lastLine(deploy)}); building first`);
    const build = shell.run("sh build.sh");
    if (build.exitCode !== 0) {
      console.log(`build failed with exit code ${build.exitCode ?? "none"}: ${lastLine(build)}`);
    } else {
      deploy = shell.run("sh deploy.sh");
    }
  } else {
    console.log(`deploy failed with exit code ${deploy.exitCode ?? "none"}, not for want of a build`);
  }
}
console.log(lastLine(deploy));
