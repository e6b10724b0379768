import { board } from "gg";

for (const i of board.listIssues({ status: "open" })) {
  if (!i.labels || i.labels.length === 0) console.log(`#${i.id} ${i.title}`);
}
