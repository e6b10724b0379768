import { board } from "gg";

let count = 0;
for (const issue of board.listIssues()) {
  if (!issue.labels.includes("frontend")) continue;
  const labels: string[] = [];
  for (const l of issue.labels) {
    const nl = l === "frontend" ? "web" : l;
    if (!labels.includes(nl)) labels.push(nl);
  }
  board.updateIssue(issue.id, { labels });
  count++;
}
console.log(count);
