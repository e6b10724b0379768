import { files } from "gg";

const path = "notes/worklog.md";
const entry = "- 2026-12-03: reviewed the payments design";
let text = files.readFile(path).contents;
if (text.length > 0 && !text.endsWith("\n")) text += "\n";
text += entry + "\n";
files.writeFile(path, text);
console.log(`appended to ${path}: ${entry}`);
