import { shell } from "gg";

const r = shell.run("sh scripts/build.sh");
const lines = r.output.split(/\r?\n/).filter((l) => l.trim() !== "");
const last = lines.length > 0 ? lines[lines.length - 1] : "(no output)";
const code = r.exitCode === undefined || r.exitCode === null ? "none (the build was killed)" : String(r.exitCode);
console.log(`exit code: ${code}`);
console.log(`last line: ${last}`);
