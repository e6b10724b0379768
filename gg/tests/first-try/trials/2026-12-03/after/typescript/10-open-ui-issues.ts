import { board } from "gg";

for (const issue of board.listIssues({ status: "open" })) {
  if (issue.labels.includes("ui")) console.log(issue.title);
}
