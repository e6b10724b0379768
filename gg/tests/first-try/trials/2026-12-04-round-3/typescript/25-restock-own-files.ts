// TypeScript on this sandbox has no file functions of its own (no fs module), so gg's files are used.
import { files, board } from "gg";

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

const lines = files.readFile("data/stock.csv").contents.split("\n").map((l) => l.replace(/\r$/, "")).filter((l) => l.trim() !== "");
const header = parseCsvLine(lines[0]).map((h) => h.trim().toLowerCase());
const ic = header.indexOf("item");
const sc = header.indexOf("stock");
const mc = header.indexOf("minimum");
const low: string[] = [];
for (const line of lines.slice(1)) {
  const c = parseCsvLine(line);
  const stock = Number(c[sc].trim());
  const min = Number(c[mc].trim());
  if (stock < min) low.push(c[ic].trim());
}
files.writeFile("reports/restock.txt", low.length ? low.join("\n") + "\n" : "");
for (const item of low) {
  const issue = board.createIssue({ title: `Restock ${item}`, labels: ["supplies"] });
  console.log(`#${issue.id} ${issue.title}`);
}
