import { files, shell } from "gg";

const lines = files.readFile("logs/access.log").contents.split("\n").filter((l) => l.trim() !== "");
const counts = new Map();
let total = 0;
for (const line of lines) {
  const m = line.match(/"[^"]*"\s+(\d{3})\b/);
  if (!m) continue;
  const code = Number(m[1]);
  counts.set(code, (counts.get(code) ?? 0) + 1);
  total++;
}
const rows = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
const text = rows.map(([c, n]) => `${c} ${n}`).join("\n") + "\n";
try {
  files.writeFile("reports/status.txt", text);
} catch (e) {
  shell.run("mkdir -p reports");
  files.writeFile("reports/status.txt", text);
}
const server = rows.filter(([c]) => c >= 500).reduce((s, [, n]) => s + n, 0);
const share = total ? (100 * server) / total : 0;
console.log(`${share.toFixed(1)}%`);
