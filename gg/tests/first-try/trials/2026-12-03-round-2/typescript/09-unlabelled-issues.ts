import { board } from "gg";

const unlabelled = board.listIssues({ status: "open" }).filter((i) => i.labels.length === 0);
if (unlabelled.length === 0) console.log("every open issue has a label");
for (const i of unlabelled) console.log(`#${i.id} ${i.title}`);
