import { files } from "gg";

const path = "config/server.conf";
const contents = files.readFile(path).contents;
// Split on "\n" only, so each line keeps any "\r" and segments match the file exactly.
const lines = contents.split("\n");

let done = false;

// A flat key such as `database.timeout = 30`.
const flat = lines.findIndex((l) => /database[._-]timeout\b\D*\b30\b/i.test(l));
if (flat >= 0) {
  const line = lines[flat];
  files.editFile(path, line, line.replace(/\b30\b/, "60"));
  done = true;
}

if (!done) {
  // A section: `[database]`, `database {` or `database:`.
  const header = lines.findIndex((l) =>
    /^\s*\[\s*[\w.-]*database[\w.-]*\s*\]/i.test(l) || /^\s*["']?database["']?\s*[{:]\s*$/i.test(l) ||
    /^\s*database\b[^=]*\{\s*$/i.test(l),
  );
  if (header < 0) throw new Error(`no database section in ${path}`);
  let timeout = -1;
  for (let i = header + 1; i < lines.length; i++) {
    const l = lines[i];
    // Stop at the next section.
    if (/^\s*\[/.test(l) || (/^\S.*[{:]\s*$/.test(l) && !/^\s*\}/.test(l) && !/timeout/i.test(l) && i > header + 1 && /^\s*$/.test(lines[header].match(/^\s*/)?.[0] ?? "") && /^\S/.test(l) && /^\s*["']?\w/.test(l) && !/^\s*["']?\w+["']?\s*[:=]\s*\S/.test(l))) break;
    if (/timeout/i.test(l) && /\b30\b/.test(l)) {
      timeout = i;
      break;
    }
  }
  if (timeout < 0) throw new Error(`no timeout of 30 in the database section of ${path}`);
  const oldSegment = lines.slice(header, timeout + 1).join("\n");
  const newLines = lines.slice(header, timeout + 1);
  newLines[newLines.length - 1] = newLines[newLines.length - 1].replace(/\b30\b/, "60");
  files.editFile(path, oldSegment, newLines.join("\n"));
  console.log(`${lines[timeout].trim()} -> ${newLines[newLines.length - 1].trim()}`);
} else {
  console.log(`changed line ${flat + 1}`);
}
