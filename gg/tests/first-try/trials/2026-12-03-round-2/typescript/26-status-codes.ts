import { files, shell, ApiError } from "gg";

const first = files.readFile("logs/access.log");
const text = first.truncated ? files.readFile("logs/access.log", { offset: 0, limit: first.totalLines }).contents : first.contents;

const counts = new Map<number, number>();
let total = 0;
for (const line of text.split(/\r?\n/)) {
  const m = /"[^"]*"\s+(\d{3})\b/.exec(line);
  if (!m) continue;
  const code = Number(m[1]);
  counts.set(code, (counts.get(code) ?? 0) + 1);
  total++;
}

const order = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
const report = order.map(([code, n]) => `${code} ${n}`).join("\n") + "\n";
try {
  files.writeFile("reports/status.txt", report);
} catch (e) {
  if (!(e instanceof ApiError)) throw e;
  shell.run("mkdir -p reports");
  files.writeFile("reports/status.txt", report);
}

let serverErrors = 0;
for (const [code, n] of counts) if (code >= 500) serverErrors += n;
const share = total === 0 ? 0 : (serverErrors / total) * 100;
console.log(`${share.toFixed(1)}% of ${total} requests were server errors (${serverErrors})`);
