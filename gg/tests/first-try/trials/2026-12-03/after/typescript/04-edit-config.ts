import { files } from "gg";

const path = "config/app.ini";
const contents = files.readFile(path).contents;
const lines = contents.split("\n").map((l) => l.replace(/\r$/, ""));

function editLine(find: RegExp, from: RegExp, to: string): void {
  const line = lines.find((l) => find.test(l) && !/^\s*[;#]/.test(l));
  if (line === undefined) throw new Error(`no line matches ${find} in ${path}`);
  files.editFile(path, line, line.replace(from, to));
  console.log(`${line} -> ${line.replace(from, to)}`);
}

editLine(/port\s*[=:]\s*8080\b/i, /8080/, "9090");
editLine(/level\s*[=:]\s*["']?info\b/i, /\binfo\b/, "debug");
