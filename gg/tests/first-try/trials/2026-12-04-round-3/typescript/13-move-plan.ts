import { files, shell } from "gg";

const before = files.readFile("drafts/plan.md").contents;
const r = shell.run("mkdir -p docs && mv drafts/plan.md docs/plan.md");
if (r.exitCode !== 0) throw new Error(`mv failed (${r.exitCode}): ${r.output}`);
const after = files.readFile("docs/plan.md").contents;
if (after !== before) throw new Error("docs/plan.md does not match the original content");
const left = files.listDir("drafts").some((e) => e.name === "plan.md");
if (left) throw new Error("drafts/plan.md is still there");
console.log("moved drafts/plan.md to docs/plan.md");
