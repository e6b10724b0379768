import { files, views } from "gg";

const path = "logs/server.log";
const read = files.readFile(path);
const lines = read.contents.split("\n");
if (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
let last = -1;
lines.forEach((l, i) => { if (l.startsWith("=== start")) last = i; });
if (last < 0) throw new Error("no '=== start' line in logs/server.log");
const total = Math.max(read.totalLines, lines.length);
const v = views.openFile(path, { offset: last, limit: total - last });
console.log(`view of ${path} from line ${last + 1} (0-based ${last}) to the end, ${total - last} lines; shown ${v.firstLine}-${v.lastLine}`);
