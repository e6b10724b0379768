import { board } from "gg";

for (const issue of board.listIssues("closed")) {
  if (issue.status === "closed" && issue.labels.includes("wontfix")) {
    board.removeIssue(issue.id);
    console.log(issue.id);
  }
}
