import { files, views } from "gg";

const path = "logs/build.log";
const all = [];
let offset = 0;
const page = 500;
while (true) {
  const r = files.readFile(path, { offset, limit: page });
  const chunk = r.contents.replace(/\n$/, "");
  const got = chunk === "" ? [] : chunk.split("\n");
  all.push(...got);
  offset += got.length;
  if (got.length === 0 || offset >= r.totalLines) break;
}

const idx = all.findIndex((l) => l.includes("ERROR"));
if (idx < 0) throw new Error("no ERROR line in " + path);
console.log(idx + 1);
console.log(all[idx]);

const start = Math.max(0, idx - 5);
views.openFile(path, { offset: start, limit: 11 });
