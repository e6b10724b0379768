import { board } from "gg";

const issue = board.listIssues().find((i) => i.id === 7);
if (!issue) {
  console.log("issue #7 is not on the board");
} else {
  const labels = issue.labels.includes("duplicate") ? [...issue.labels] : [...issue.labels, "duplicate"];
  const old = issue.description ?? "";
  const description = old.trim() === "" ? "Duplicate of #3." : `Duplicate of #3.\n${old}`;
  board.updateIssue(7, { status: "closed", labels, description });
  console.log(`closed #7 with labels [${labels.join(", ")}]`);
}
