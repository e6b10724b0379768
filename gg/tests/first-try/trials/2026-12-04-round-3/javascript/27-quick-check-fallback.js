import { shell } from "gg";

const lastLine = (out) => {
  const ls = out.split("\n").map((l) => l.replace(/\r$/, "")).filter((l) => l.trim() !== "");
  return ls.length ? ls[ls.length - 1] : "(no output)";
};

let which = "full check (sh scripts/full-check.sh)";
let r = shell.run("sh scripts/full-check.sh", { timeoutSecs: 5 });
if (r.timedOut) {
  which = "quick check (sh scripts/quick-check.sh)";
  r = shell.run("sh scripts/quick-check.sh");
}
console.log(`result from: ${which}, exit code ${r.exitCode}${r.timedOut ? " (timed out)" : ""}`);
console.log(`last line: ${lastLine(r.output)}`);
