import { files } from "gg";

const path = "deploy/app.env";
const text = files.readFile(path).contents;
const lines = text.split("\n");
const kept = lines.filter((l) => l.replace(/\r$/, "").trim() !== "DEBUG=1");
const removed = lines.length - kept.length;
if (removed === 0) {
  console.log("no DEBUG=1 line found");
} else {
  files.writeFile(path, kept.join("\n"));
  console.log(`removed ${removed} line(s)`);
}
