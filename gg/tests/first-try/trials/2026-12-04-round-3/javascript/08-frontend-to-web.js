import { board } from "gg";

let n = 0;
for (const issue of board.listIssues()) {
  if (!issue.labels.includes("frontend")) continue;
  const labels = [];
  for (const l of issue.labels) {
    const v = l === "frontend" ? "web" : l;
    if (!labels.includes(v)) labels.push(v);
  }
  board.updateIssue(issue.id, { labels });
  n++;
}
console.log(n);
