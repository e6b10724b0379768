// JavaScript on this host has no file functions of its own (no fs), so gg's files are used.
import { files, board } from "gg";

function parseCsvLine(line) {
  const out = [];
  let cur = "", inQ = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (inQ) {
      if (c === '"') { if (line[i + 1] === '"') { cur += '"'; i++; } else inQ = false; }
      else cur += c;
    } else if (c === '"') inQ = true;
    else if (c === ",") { out.push(cur); cur = ""; }
    else cur += c;
  }
  out.push(cur);
  return out;
}

const lines = files.readFile("data/stock.csv").contents.split("\n").map((l) => l.replace(/\r$/, "")).filter((l) => l.trim() !== "");
const header = parseCsvLine(lines[0]).map((h) => h.trim().toLowerCase());
const ii = header.indexOf("item"), si = header.indexOf("stock"), mi = header.indexOf("minimum");
const low = [];
for (const l of lines.slice(1)) {
  const r = parseCsvLine(l);
  if (Number(r[si].trim()) < Number(r[mi].trim())) low.push(r[ii].trim());
}
files.writeFile("reports/restock.txt", low.map((x) => x + "\n").join(""));
for (const item of low) {
  const issue = board.createIssue({ title: `Restock ${item}`, labels: ["supplies"] });
  console.log(`#${issue.id} ${issue.title}`);
}
