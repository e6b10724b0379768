import { shell } from "gg";

const r = shell.run("mv drafts/plan.md docs/plan.md");
if (r.exitCode !== 0) throw new Error("mv failed: " + r.output);
const check = shell.run("test -f docs/plan.md && test ! -e drafts/plan.md");
console.log(check.exitCode === 0 ? "moved drafts/plan.md to docs/plan.md" : "move did not complete");
