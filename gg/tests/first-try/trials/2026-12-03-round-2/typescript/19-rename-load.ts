import { files } from "gg";

const path = "src/settings.py";
const src = files.readFile(path).contents;
const n = src.length;
let out = "";
let count = 0;
let prev = ""; // the last significant thing seen in code: a character, or "w" for a word
let i = 0;
const isStart = (c: string) => /[A-Za-z_]/.test(c);
const isPart = (c: string) => /[A-Za-z0-9_]/.test(c);

while (i < n) {
  const c = src.charAt(i);
  if (c === "#") {
    const j = src.indexOf("\n", i);
    const end = j < 0 ? n : j;
    out += src.slice(i, end);
    i = end;
    continue;
  }
  if (c === '"' || c === "'") {
    const triple = src.startsWith(c + c + c, i);
    const q = triple ? c + c + c : c;
    let j = i + q.length;
    while (j < n) {
      const d = src.charAt(j);
      if (d === "\\") { j += 2; continue; }
      if (src.startsWith(q, j)) { j += q.length; break; }
      if (!triple && d === "\n") break;
      j++;
    }
    if (j > n) j = n;
    out += src.slice(i, j);
    i = j;
    prev = c;
    continue;
  }
  if (isStart(c)) {
    let j = i;
    while (j < n && isPart(src.charAt(j))) j++;
    const word = src.slice(i, j);
    if (word === "load" && prev !== ".") {
      out += "read_settings";
      count++;
    } else {
      out += word;
    }
    prev = "w";
    i = j;
    continue;
  }
  if (!/\s/.test(c)) prev = c;
  out += c;
  i++;
}

if (count === 0) {
  console.log("found no use of load to rename");
} else {
  files.writeFile(path, out);
  console.log(`renamed load to read_settings in ${count} places`);
}
