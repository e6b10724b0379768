import { files } from "gg";

const path = "deploy/app.env";
const r = files.readFile(path);
if (r.truncated) throw new Error("file read was truncated");
const lines = r.contents.split("\n");
const kept = lines.filter((l) => l.replace(/\r$/, "").trim() !== "DEBUG=1");
files.writeFile(path, kept.join("\n"));
console.log(`removed ${lines.length - kept.length} line(s)`);
