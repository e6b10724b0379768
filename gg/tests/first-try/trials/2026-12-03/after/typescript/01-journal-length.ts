import { files } from "gg";

const path = "notes/journal.txt";
const head = files.readFile(path, { limit: 1 });
const total = head.totalLines;
console.log(String(total));
if (total > 0) {
  const last = files.readFile(path, { offset: total - 1, limit: 1 });
  console.log(last.contents.replace(/\r?\n$/, ""));
}
