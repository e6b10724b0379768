import { files, views } from "gg";

const path = "src/reader.py";
const read = files.readFile(path);
let lines = read.contents.split("\n");
if (read.truncated || read.totalLines > lines.length) {
  lines = files.readFile(path, { offset: 0, limit: read.totalLines }).contents.split("\n");
}
const start = lines.findIndex((l) => /^\s*(async\s+)?def\s+parse_header\b/.test(l));
if (start < 0) {
  console.log(`no def parse_header in ${path}`);
} else {
  const indent = (lines[start].match(/^\s*/) ?? [""])[0].length;
  let end = lines.length;
  for (let i = start + 1; i < lines.length; i++) {
    const m = /^(\s*)(async\s+)?def\s/.exec(lines[i]);
    if (m && m[1].length <= indent) {
      end = i;
      break;
    }
  }
  // do not run past the real end of the file
  while (end > start + 1 && end === lines.length && lines[end - 1] === "") end--;
  views.openFile(path, { offset: start, limit: end - start });
  console.log(`opened ${path} lines ${start + 1}-${end} (parse_header)`);
}
