import { shell, session } from "gg";

const run = shell.run("sh check.sh");
const output = run.output;
console.log(`exit code: ${run.exitCode}`);
console.log(output);

const failRe = /\bfail(s|ed|ure|ing)?\b|\berrors?\b|^\s*not ok\b|✗|❌|\[x\]/i;
const noFailRe = /\b(0|no)\s+(checks?\s+)?(fail(ed|ures?)?|errors?)\b/i;
const summaryRe = /^\s*\d+\s+(of\s+\d+\s+)?(checks?\s+)?(failed|passed)\b/i;
const failed = output
  .split("\n")
  .map((l) => l.trim())
  .filter((l) => l !== "" && failRe.test(l) && !noFailRe.test(l) && !summaryRe.test(l));

if (run.exitCode === 0 && failed.length === 0) {
  console.log("All checks passed: approving.");
  session.approve();
} else {
  let items = failed;
  if (items.length === 0) {
    const tail = output.split("\n").filter((l) => l.trim() !== "").slice(-5).join(" / ");
    items = [
      run.exitCode === null || run.exitCode === undefined
        ? `check.sh did not finish (killed): ${tail || "no output"}`
        : `check.sh exited with code ${run.exitCode}: ${tail || "no output"}`,
    ];
  }
  console.log("Requesting changes:");
  for (const i of items) console.log(`- ${i}`);
  session.requestChanges(items);
}
