import { files, views } from "gg";

const path = "logs/server.log";
const r = files.readFile(path);
let lines = r.contents.split("\n");
if (lines.length && lines[lines.length - 1] === "") lines.pop();
let total = r.totalLines || lines.length;
if (r.truncated) {
  // read the rest in pages
  lines = [];
  let off = 0;
  while (off < total) {
    const p = files.readFile(path, { offset: off, limit: 200 });
    const pl = p.contents.split("\n");
    if (pl.length && pl[pl.length - 1] === "") pl.pop();
    if (pl.length === 0) break;
    lines.push(...pl);
    off += pl.length;
  }
}
let last = -1;
lines.forEach((l, i) => { if (l.startsWith("=== start")) last = i; });
if (last < 0) throw new Error("no '=== start' line found");
total = Math.max(total, lines.length);
const v = views.openFile(path, { offset: last, limit: total - last });
console.log(`view of ${path} from line ${last + 1} to ${total} (${v.contents.split("\n")[0]})`);
