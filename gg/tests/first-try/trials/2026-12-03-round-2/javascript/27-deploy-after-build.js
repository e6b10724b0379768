import { shell } from "gg";

const lastLine = (out) => {
  const lines = out.output.split("\n").filter((l) => l.trim() !== "");
  return lines.length ? lines[lines.length - 1] : "(no output)";
};

let deploy = shell.run("sh deploy.sh");
if (deploy.exitCode !== 0 && /build|built/i.test(deploy.output)) {
  console.log(`deploy failed (${deploy.exitCode}): ${lastLine(deploy)}; building first`);
  const build = shell.run("sh build.sh");
  if (build.exitCode !== 0) {
    console.log(`build failed (${build.exitCode}): ${lastLine(build)}`);
  }
  deploy = shell.run("sh deploy.sh");
}
console.log(lastLine(deploy));
