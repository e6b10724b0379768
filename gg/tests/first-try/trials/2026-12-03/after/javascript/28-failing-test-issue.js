import { shell, board, session } from "gg";

const out = shell.run("sh run-tests.sh");
console.log(`exit code: ${out.exitCode}`);
console.log(out.output);

const lines = out.output.replace(/\s+$/, "").split(/\r?\n/);
const patterns = [
  /^\s*FAIL(?:ED)?[:\s]+([^\s:()]+)/,
  /^\s*not ok\s+\d+\s*-?\s*(.+?)\s*$/,
  /^\s*(?:✗|✘|×|x)\s+(\S+)/,
  /^\s*(\S+)\s*(?:\.\.\.|:|-)\s*(?:FAIL(?:ED)?|failed)\b/i,
  /test\s+["'`]?([\w.:\/-]+)["'`]?\s+failed/i,
  /failed:\s*([\w.:\/-]+)/i,
];
let name = null;
for (const line of lines) {
  for (const p of patterns) {
    const m = line.match(p);
    if (m) { name = m[1].trim(); break; }
  }
  if (name) break;
}
if (!name) throw new Error("could not find the failing test's name in the output");
console.log(`failing test: ${name}`);

const id = board.createIssue({
  title: `Test failing: ${name}`,
  description: lines.slice(-3).join("\n"),
  labels: ["ci"],
});
console.log(`filed issue ${id}`);
session.finish(`Ran the tests: ${name} fails; filed issue ${id} (label ci).`);
