import { files, session } from "gg";

function parseCsvLine(line: string): string[] {
  const out: string[] = [];
  let cur = "";
  let inQ = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (inQ) {
      if (c === '"') {
        if (line[i + 1] === '"') { cur += '"'; i++; } else inQ = false;
      } else cur += c;
    } else if (c === '"') inQ = true;
    else if (c === ",") { out.push(cur); cur = ""; }
    else cur += c;
  }
  out.push(cur);
  return out;
}

const names = files.listDir("sales").filter((e) => e.kind === "file").map((e) => e.name);
let name = "2026-12.csv";
if (!names.includes(name)) {
  const months = names.filter((n) => /^\d{4}-\d{2}\.csv$/.test(n)).sort();
  if (months.length === 0) throw new Error("no monthly sales file in sales/");
  name = months[months.length - 1];
}
const path = "sales/" + name;
const lines = files.readFile(path).contents.split("\n").map((l) => l.replace(/\r$/, "")).filter((l) => l.trim() !== "");
const header = parseCsvLine(lines[0]).map((h) => h.trim().toLowerCase());
const ac = header.indexOf("amount");
if (ac < 0) throw new Error(`no amount column in ${path}`);
let cents = 0;
for (const line of lines.slice(1)) {
  const raw = (parseCsvLine(line)[ac] ?? "").trim().replace(/,/g, "");
  if (raw === "") continue;
  const v = Number(raw);
  if (Number.isNaN(v)) throw new Error(`bad amount "${raw}" in ${path}`);
  cents += Math.round(v * 100);
}
const total = cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
console.log(`${path}: ${total}`);
session.finish(`Totalled ${path}: the amount column sums to ${total}.`);
