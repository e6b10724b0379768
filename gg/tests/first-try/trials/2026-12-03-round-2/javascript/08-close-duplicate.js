import { board } from "gg";

const issue = board.listIssues().find((i) => i.id === 7);
if (!issue) throw new Error("Issue #7 not found on the board");
const labels = issue.labels.includes("duplicate") ? issue.labels : [...issue.labels, "duplicate"];
const old = issue.description ?? "";
const description = old.length > 0 ? `Duplicate of #3.\n${old}` : "Duplicate of #3.";
board.updateIssue(7, { status: "closed", labels, description });
const after = board.listIssues().find((i) => i.id === 7);
console.log(`#7 ${after.status} [${after.labels.join(", ")}]`);
console.log(after.description);
