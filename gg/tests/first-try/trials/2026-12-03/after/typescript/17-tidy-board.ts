import { board } from "gg";

// Issues that were closed before tidying; the ones closed below are not reopened.
const closedBefore = board.listIssues({ status: "closed" });

const closed: number[] = [];
for (const issue of board.listIssues({ status: "open" })) {
  if (!issue.labels.includes("done-in-1.4")) continue;
  board.updateIssue(issue.id, {
    status: "closed",
    labels: issue.labels.filter((l) => l !== "done-in-1.4"),
  });
  closed.push(issue.id);
}

const reopened: number[] = [];
for (const issue of closedBefore) {
  if (!issue.labels.includes("regression")) continue;
  board.updateIssue(issue.id, { status: "open" });
  reopened.push(issue.id);
}

console.log(`closed: ${closed.join(", ")}`);
console.log(`reopened: ${reopened.join(", ")}`);
