import { files, views } from "gg";

const path = "logs/build.log";
const hits = files.search("ERROR", { path });
if (hits.length === 0) throw new Error(`no ERROR in ${path}`);
let lineNo = hits[0].line; // assumed 1-based
// Check the numbering: the 0-based offset lineNo - 1 should hold the ERROR line.
const probe = files.readFile(path, { offset: lineNo - 1, limit: 1 }).contents;
if (!probe.includes("ERROR")) {
  const next = files.readFile(path, { offset: lineNo, limit: 1 }).contents;
  if (next.includes("ERROR")) lineNo = lineNo + 1; // search was 0-based
}
console.log(String(lineNo));
const start = Math.max(0, lineNo - 1 - 5);
views.openFile(path, { offset: start, limit: 11 });
