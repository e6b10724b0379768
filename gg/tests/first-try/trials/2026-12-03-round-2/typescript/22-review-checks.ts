import { shell, session } from "gg";

const r = shell.run("sh check.sh");
const lines = r.output.split(/\r?\n/);
const failRe = /\bFAIL(ED|URE|S|ING)?\b|^\s*\[?\s*(ERROR|not ok)\b|✗|✘|❌/i;
const fineRe = /\b(0|no) (failures?|failed|errors?)\b/i;

const items: string[] = [];
for (let i = 0; i < lines.length; i++) {
  const line = lines[i];
  if (!failRe.test(line) || fineRe.test(line)) continue;
  let item = line.trim();
  // indented lines right after a failure are its details
  let j = i + 1;
  while (j < lines.length && /^\s+\S/.test(lines[j]) && !failRe.test(lines[j]) && !/^\s*(PASS|OK)\b/i.test(lines[j])) {
    item += " " + lines[j].trim();
    j++;
  }
  items.push(item);
}

const exit = r.exitCode;
if (items.length === 0 && exit !== 0) {
  const tail = lines.filter((l) => l.trim() !== "").slice(-5).join(" / ");
  items.push(`check.sh ${exit === null || exit === undefined ? "was killed" : `exited with code ${exit}`}: ${tail || "(no output)"}`);
}

console.log(r.output);
if (items.length === 0) {
  session.approve();
  console.log("every check passed: approving");
} else {
  session.requestChanges(items);
  console.log("requesting changes:\n" + items.join("\n"));
}
