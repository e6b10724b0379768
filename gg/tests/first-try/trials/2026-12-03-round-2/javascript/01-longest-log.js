import { files } from "gg";

let best = null;
for (const entry of files.listDir({ path: "logs" })) {
  if (entry.kind !== "file") continue;
  const read = files.readFile(`logs/${entry.name}`);
  const lines = read.totalLines;
  if (best === null || lines > best.lines) best = { name: entry.name, lines };
}
if (best === null) {
  console.log("No log files found in logs/");
} else {
  console.log(`${best.name} ${best.lines}`);
}
