import { memories } from "gg";

const name = "staging-db";
const newPort = "6543";
const mem = memories.read(name);
const body = mem.body;

let oldPort: string | null = null;
const byWord = /\bport\b\D{0,12}?(\d{2,5})\b/i.exec(body);
if (byWord) oldPort = byWord[1];
if (oldPort === null) {
  const byColon = /[A-Za-z0-9\]]:(\d{2,5})\b/.exec(body);
  if (byColon) oldPort = byColon[1];
}

let newBody: string;
if (oldPort === null) {
  newBody = body.replace(/\s*$/, "") + `\nPort: ${newPort}\n`;
  console.log("no port found in the memory; added a line for it");
} else if (oldPort === newPort) {
  newBody = body;
  console.log(`the memory already says port ${newPort}`);
} else {
  newBody = body.replace(new RegExp(`\\b${oldPort}\\b`, "g"), newPort);
  console.log(`changed port ${oldPort} to ${newPort}`);
}

if (mem.code !== undefined && mem.code !== null) {
  memories.write(name, mem.description, newBody, { code: mem.code });
} else {
  memories.write(name, mem.description, newBody);
}
console.log(newBody);
