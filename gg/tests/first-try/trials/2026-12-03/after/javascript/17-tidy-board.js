import { board } from "gg";

// Take the closed list before closing anything, so we only reopen issues that were already closed.
const open = board.listIssues({ status: "open" });
const closedBefore = board.listIssues({ status: "closed" });

const closedIds = [];
for (const issue of open) {
  if (!issue.labels.includes("done-in-1.4")) continue;
  board.updateIssue(issue.id, {
    status: "closed",
    labels: issue.labels.filter((l) => l !== "done-in-1.4"),
  });
  closedIds.push(issue.id);
}

const reopenedIds = [];
for (const issue of closedBefore) {
  if (!issue.labels.includes("regression")) continue;
  board.updateIssue(issue.id, { status: "open" });
  reopenedIds.push(issue.id);
}

console.log(`closed: ${closedIds.join(", ")}`);
console.log(`reopened: ${reopenedIds.join(", ")}`);
