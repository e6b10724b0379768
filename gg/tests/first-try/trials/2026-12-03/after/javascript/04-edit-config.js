import { files } from "gg";

const path = "config/app.ini";
const text = files.readFile(path).contents;
const lines = text.split(/\r?\n/);

const portLine = lines.find((l) => /port/i.test(l) && /\b8080\b/.test(l));
if (portLine === undefined) throw new Error("no port = 8080 line found in " + path);
files.editFile(path, portLine, portLine.replace(/\b8080\b/, "9090"));

const levelLine = lines.find((l) => /level/i.test(l) && /\binfo\b/.test(l));
if (levelLine === undefined) throw new Error("no log level = info line found in " + path);
files.editFile(path, levelLine, levelLine.replace(/\binfo\b/, "debug"));

console.log(files.readFile(path).contents);
