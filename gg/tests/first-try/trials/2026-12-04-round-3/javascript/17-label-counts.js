import { board, files } from "gg";

const counts = new Map();
for (const issue of board.listIssues()) {
  for (const l of new Set(issue.labels)) {
    if (!counts.has(l)) counts.set(l, { open: 0, closed: 0 });
    const c = counts.get(l);
    if (issue.status === "open") c.open++; else c.closed++;
  }
}
const labels = [...counts.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
const text = labels.map((l) => `${l}: ${counts.get(l).open} open, ${counts.get(l).closed} closed`).join("\n");
files.writeFile("docs/labels.txt", text + (text ? "\n" : ""));
console.log(text);
