import { board, files } from "gg";

const issues = board.listIssues().slice().sort((a, b) => a.id - b.id);
const open = issues.filter((i) => i.status === "open");
const closed = issues.filter((i) => i.status === "closed");
const line = (i) => `- #${i.id} ${i.title}`;
const text = ["## Open", ...open.map(line), "", "## Closed", ...closed.map(line)].join("\n") + "\n";
files.writeFile("docs/board.md", text);
console.log(`open: ${open.length}`);
console.log(`closed: ${closed.length}`);
