import { files, session } from "gg";

const text = files.readFile("release/checklist.md").contents;
const itemRe = /^\s*(?:[-*+]|\d+[.)])\s+\[(.?)\]\s*(.*)$/;
let total = 0;
const open: string[] = [];
for (const raw of text.split("\n")) {
  const line = raw.replace(/\r$/, "");
  const m = itemRe.exec(line);
  if (!m) continue;
  total++;
  if (m[1].toLowerCase() !== "x") open.push(m[2].trim());
}
if (total > 0 && open.length === 0) {
  session.finish(`The release checklist is complete: all ${total} items are ticked.`);
  console.log(`checklist complete: ${total} items`);
} else if (total === 0) {
  console.log("No checklist items found in release/checklist.md");
} else {
  for (const item of open) console.log(item);
}
