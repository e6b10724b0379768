import { shell } from "gg";

const out = shell.run("sh scripts/build.sh");
const lines = out.output.split("\n").filter((l) => l.trim() !== "");
const last = lines.length ? lines[lines.length - 1] : "(no output)";
const code = out.exitCode === null || out.exitCode === undefined ? "none (killed)" : out.exitCode;
console.log(`exit code: ${code}`);
console.log(`last line: ${last}`);
