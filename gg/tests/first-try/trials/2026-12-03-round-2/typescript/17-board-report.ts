import { board, files } from "gg";

const issues = board.listIssues().slice().sort((a, b) => a.id - b.id);
const open = issues.filter((i) => i.status === "open");
const closed = issues.filter((i) => i.status === "closed");
const lines: string[] = ["## Open", ""];
for (const i of open) lines.push(`- #${i.id} ${i.title}`);
lines.push("", "## Closed", "");
for (const i of closed) lines.push(`- #${i.id} ${i.title}`);
files.writeFile("docs/board.md", lines.join("\n") + "\n");
console.log(`${open.length} open, ${closed.length} closed`);
