import { board, files } from "gg";

const counts = new Map<string, { open: number; closed: number }>();
for (const issue of board.listIssues()) {
  for (const label of new Set(issue.labels)) {
    const c = counts.get(label) ?? { open: 0, closed: 0 };
    if (issue.status === "open") c.open++;
    else c.closed++;
    counts.set(label, c);
  }
}
const labels = [...counts.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
const lines = labels.map((l) => {
  const c = counts.get(l)!;
  return `${l}: ${c.open} open, ${c.closed} closed`;
});
files.writeFile("docs/labels.txt", lines.join("\n") + "\n");
console.log(lines.join("\n"));
