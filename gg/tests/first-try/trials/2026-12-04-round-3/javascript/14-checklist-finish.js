import { files, session } from "gg";

const lines = files.readFile("release/checklist.md").contents.split("\n").map((l) => l.replace(/\r$/, ""));
const items = [];
for (const l of lines) {
  const m = l.match(/^\s*[-*+]\s+\[([ xX]?)\]\s*(.*)$/);
  if (m) items.push({ ticked: m[1].toLowerCase() === "x", line: l.trim(), text: m[2] });
}
const open = items.filter((i) => !i.ticked);
if (items.length > 0 && open.length === 0) {
  const s = `The release checklist is complete: all ${items.length} items are ticked.`;
  console.log(s);
  session.finish(s);
} else if (items.length === 0) {
  console.log("No checklist items found in release/checklist.md.");
} else {
  for (const i of open) console.log(i.line);
}
