import { shell } from "gg";
import type { ShellOutput } from "gg";

function lastLine(r: ShellOutput): string {
  const lines = r.output.split("\n").map((l) => l.replace(/\r$/, "")).filter((l) => l.trim() !== "");
  return lines.length ? lines[lines.length - 1] : "";
}

let which = "sh scripts/full-check.sh";
let r = shell.run(which, { timeoutSecs: 5 });
if (r.timedOut) {
  which = "sh scripts/quick-check.sh";
  r = shell.run(which);
}
console.log(`result from: ${which} (exit ${r.exitCode}${r.timedOut ? ", timed out" : ""})`);
console.log(`last line: ${lastLine(r)}`);
