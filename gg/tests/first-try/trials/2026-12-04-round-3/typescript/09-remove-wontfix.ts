import { board } from "gg";

const removed: number[] = [];
for (const issue of board.listIssues("closed")) {
  if (issue.status === "closed" && issue.labels.includes("wontfix")) {
    board.removeIssue(issue.id);
    removed.push(issue.id);
  }
}
for (const id of removed) console.log(id);
