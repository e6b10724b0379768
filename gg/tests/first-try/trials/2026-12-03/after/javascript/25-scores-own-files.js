// JavaScript on QuickJS here has no file functions of its own (no fs), so gg's files are used.
import { files } from "gg";

const text = files.readFile("data/scores.csv").contents;
const rows = text.split(/\r?\n/).map((l) => l.trim()).filter((l) => l !== "");
const records = [];
for (const row of rows) {
  const cols = row.split(",").map((c) => c.trim().replace(/^"|"$/g, ""));
  const scoreIdx = cols.findIndex((c, i) => i > 0 && c !== "" && !isNaN(Number(c)));
  if (scoreIdx < 0) continue; // header or malformed line
  records.push({ name: cols[0], score: Number(cols[scoreIdx]) });
}
if (records.length === 0) throw new Error("no scores in data/scores.csv");

let top = records[0];
for (const r of records) if (r.score > top.score) top = r;
const mean = records.reduce((s, r) => s + r.score, 0) / records.length;

files.writeFile("data/summary.txt", `top: ${top.name}\naverage: ${mean.toFixed(1)}\n`);
console.log(`top: ${top.name}`);
console.log(`average: ${mean.toFixed(1)}`);
