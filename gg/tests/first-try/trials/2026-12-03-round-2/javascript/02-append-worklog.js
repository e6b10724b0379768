import { files } from "gg";

const path = "notes/worklog.md";
const entry = "- 2026-12-03: reviewed the payments design";
const read = files.readFile(path);
if (read.truncated) throw new Error(`${path} was read truncated; not rewriting it`);
let text = read.contents;
if (text.length > 0 && !text.endsWith("\n")) text += "\n";
text += entry + "\n";
files.writeFile(path, text);
console.log(`Appended to ${path}: ${entry}`);
