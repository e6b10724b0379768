// TypeScript here has no file functions of its own (no fs module), so gg's files are used.
import { files } from "gg";

const rows = files
  .readFile("data/scores.csv")
  .contents.split(/\r?\n/)
  .filter((l) => l.trim() !== "")
  .map((l) => l.split(",").map((c) => c.trim().replace(/^"(.*)"$/, "$1")));

const isNum = (s: string) => s !== "" && !Number.isNaN(Number(s));
// Skip a header row (one with no numeric cell).
const data = rows.filter((r) => r.some(isNum));
if (data.length === 0) throw new Error("no scores in data/scores.csv");
const header = rows.length > 0 && !rows[0].some(isNum) ? rows[0] : undefined;

let scoreCol = header ? header.findIndex((h) => /score/i.test(h)) : -1;
if (scoreCol < 0) scoreCol = data[0].findIndex(isNum);
let nameCol = header ? header.findIndex((h) => /name/i.test(h)) : -1;
if (nameCol < 0) nameCol = data[0].findIndex((c, i) => i !== scoreCol && !isNum(c));
if (nameCol < 0) nameCol = 0;

let top = data[0];
let sum = 0;
for (const r of data) {
  const s = Number(r[scoreCol]);
  sum += s;
  if (s > Number(top[scoreCol])) top = r;
}
const average = sum / data.length;
const summary = `top: ${top[nameCol]}\naverage: ${average.toFixed(1)}\n`;
files.writeFile("data/summary.txt", summary);
console.log(summary);
