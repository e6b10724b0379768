import { files, views } from "gg";

const path = "src/reader.py";
const lines = files.readFile(path).contents.split("\n");
const start = lines.findIndex((l) => /^\s*def\s+parse_header\s*\(/.test(l));
if (start < 0) throw new Error(`No def parse_header in ${path}`);
let end = lines.length;
for (let i = start + 1; i < lines.length; i++) {
  if (/^\s*def\s/.test(lines[i])) {
    end = i;
    break;
  }
}
if (end === lines.length && lines[end - 1] === "") end--; // trailing newline
views.openFile(path, { offset: start, limit: end - start });
console.log(`Showing ${path} lines ${start + 1}-${end} next turn`);
