import { files } from "gg";

// Blank out comments and string literals (keeping newlines) so only code is searched.
function codeOnly(src: string): string {
  let out = "";
  let i = 0;
  const n = src.length;
  while (i < n) {
    const c = src[i];
    if (c === "#") {
      while (i < n && src[i] !== "\n") { out += " "; i++; }
      continue;
    }
    if (c === '"' || c === "'") {
      const triple = src.startsWith(c + c + c, i);
      const closer = triple ? c + c + c : c;
      out += " ".repeat(closer.length);
      i += closer.length;
      while (i < n) {
        if (src[i] === "\\" && i + 1 < n) {
          out += src[i + 1] === "\n" ? " \n" : "  ";
          i += 2;
          continue;
        }
        if (src.startsWith(closer, i)) {
          out += " ".repeat(closer.length);
          i += closer.length;
          break;
        }
        if (!triple && src[i] === "\n") break; // unterminated single-line string
        out += src[i] === "\n" ? "\n" : " ";
        i++;
      }
      continue;
    }
    out += c;
    i++;
  }
  return out;
}

function walk(dir: string, acc: string[]): void {
  for (const e of files.listDir(dir)) {
    const p = dir + "/" + e.name;
    if (e.kind === "directory") walk(p, acc);
    else if (e.kind === "file") acc.push(p);
  }
}

const paths: string[] = [];
walk("src", paths);
const callRe = /(?<![A-Za-z0-9_])send_invoice\s*\(/;
const defRe = /\bdef\s+send_invoice\b/;
const results: { path: string; line: number }[] = [];
for (const p of paths) {
  let text: string;
  try {
    text = files.readFile(p).contents;
  } catch {
    continue;
  }
  const code = codeOnly(text).split("\n");
  code.forEach((line, idx) => {
    if (callRe.test(line) && !defRe.test(line)) results.push({ path: p, line: idx + 1 });
  });
}
results.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.line - b.line));
for (const r of results) console.log(`${r.path}:${r.line}`);
