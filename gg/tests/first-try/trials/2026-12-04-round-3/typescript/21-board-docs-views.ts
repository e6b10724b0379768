import { docs, views } from "gg";
import type { DocHit } from "gg";

// List every documented name, page by page.
const all: DocHit[] = [];
let offset = 0;
for (;;) {
  const page = docs.search("", { offset, limit: 100 });
  all.push(...page.hits);
  if (page.hits.length === 0) break;
  offset += page.hits.length;
  if (offset >= page.total) break;
}

const isBoard = (h: DocHit) => h.module === "board" || h.module === "gg:board" || /(^|[:.\/])board$/.test(h.module);
const isOperation = (h: DocHit) => /^\s*(?:function\b|[A-Za-z_][\w.]*\s*\()/.test(h.signature) || h.signature.includes("(");
const ops = all.filter((h) => isBoard(h) && isOperation(h));
const seen = new Set<string>();
for (const h of ops) {
  if (seen.has(h.name)) continue;
  seen.add(h.name);
  try {
    views.openDocs(h.name);
  } catch {
    const short = h.name.split(".").pop() ?? h.name;
    views.openDocs(`board.${short}`);
  }
  console.log(`${h.name}: ${h.signature}`);
}
if (ops.length === 0) {
  console.log("no board operations found; modules seen: " + [...new Set(all.map((h) => h.module))].join(", "));
}
