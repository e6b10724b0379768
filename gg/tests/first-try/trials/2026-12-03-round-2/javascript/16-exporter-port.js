import { memories } from "gg";

const known = [
  "alert-routes", "grafana-login", "observability-notes", "office-printer",
  "oncall-rota", "prometheus-retention", "release-freeze",
];
const names = [];
try {
  for (const hit of memories.search(["exporter", "metrics", "port", "prometheus", "listens"])) {
    if (!names.includes(hit.name)) names.push(hit.name);
  }
} catch (e) {
  console.log(`search failed: ${e.message}`);
}
for (const n of known) if (!names.includes(n)) names.push(n);

const portRe = /(?:port\s*[:=]?\s*|:)(\d{2,5})\b/i;
let found = null;
for (const name of names) {
  let mem;
  try {
    mem = memories.read(name);
  } catch (e) {
    continue;
  }
  const lines = `${mem.description}\n${mem.body}`.split("\n");
  for (let i = 0; i < lines.length && !found; i++) {
    if (!/exporter/i.test(lines[i])) continue;
    const m = lines[i].match(portRe) ?? (lines[i + 1] ?? "").match(portRe);
    if (m) found = { name, port: m[1], line: lines[i].trim() };
  }
  if (found) break;
}
if (!found) {
  console.log("No memory says which port the metrics exporter listens on.");
} else {
  console.log(found.port);
  console.log(`(from memory ${found.name}: ${found.line})`);
}
