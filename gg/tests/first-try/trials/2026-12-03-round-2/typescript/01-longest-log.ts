import { files } from "gg";

let bestName = "";
let bestLines = -1;
for (const entry of files.listDir({ path: "logs" })) {
  if (entry.kind !== "file") continue;
  const read = files.readFile(`logs/${entry.name}`);
  if (read.totalLines > bestLines) {
    bestLines = read.totalLines;
    bestName = entry.name;
  }
}
if (bestLines < 0) {
  console.log("no log files in logs/");
} else {
  console.log(`${bestName}: ${bestLines} lines`);
}
