import { files } from "gg";

function walk(dir, out) {
  for (const e of files.listDir(dir)) {
    if (e.kind === "directory") walk(e.path, out);
    else if (e.kind === "file") out.push(e.path);
  }
  return out;
}

// Blank out string literals and comments in Python source, line by line,
// keeping track of triple-quoted strings that span lines.
function cleanLines(src) {
  const lines = src.split("\n");
  const out = [];
  let inTriple = null; // '"""' or "'''"
  for (const raw of lines) {
    const line = raw.replace(/\r$/, "");
    let res = "";
    let i = 0;
    while (i < line.length) {
      if (inTriple) {
        const end = line.indexOf(inTriple, i);
        if (end < 0) { res += " ".repeat(line.length - i); i = line.length; }
        else { res += " ".repeat(end + 3 - i); i = end + 3; inTriple = null; }
        continue;
      }
      const c = line[i];
      if (c === "#") break;
      if (line.startsWith('"""', i) || line.startsWith("'''", i)) {
        inTriple = line.substr(i, 3);
        res += "   ";
        i += 3;
        continue;
      }
      if (c === '"' || c === "'") {
        let j = i + 1;
        while (j < line.length && line[j] !== c) { if (line[j] === "\\") j++; j++; }
        res += " ".repeat(Math.min(j + 1, line.length) - i);
        i = j + 1;
        continue;
      }
      res += c;
      i++;
    }
    out.push(res);
  }
  return out;
}

const callRe = /(?<![A-Za-z0-9_])send_invoice\s*\(/g;
const defRe = /(?<![A-Za-z0-9_])def\s+send_invoice\s*\(/;
for (const path of walk("src", []).sort()) {
  let text;
  try { text = files.readFile(path).contents; } catch (e) { continue; }
  const lines = cleanLines(text);
  lines.forEach((line, idx) => {
    const stripped = line.replace(defRe, "def _defined_(");
    callRe.lastIndex = 0;
    if (callRe.test(stripped)) console.log(`${path}:${idx + 1}`);
  });
}
