import { files } from "gg";

const path = "notes/journal.txt";
const first = files.readFile(path);
const total = first.totalLines;
console.log(total);

let lastLine = "";
if (total > 0) {
  const tail = files.readFile(path, { offset: total - 1, limit: 1 });
  lastLine = tail.contents.replace(/\r?\n$/, "");
}
console.log(lastLine);
