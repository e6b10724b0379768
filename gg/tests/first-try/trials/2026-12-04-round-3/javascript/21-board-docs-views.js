import { docs, views } from "gg";

function allHits(query, opts) {
  const hits = [];
  let offset = 0;
  for (;;) {
    const page = docs.search(query, { ...opts, offset, limit: 50 });
    if (!page.hits.length) break;
    hits.push(...page.hits);
    offset += page.hits.length;
    if (offset >= page.total) break;
  }
  return hits;
}

const isBoard = (m) => /(^|[:./])board$/.test(m || "");
let ops = [];
try { ops = allHits("", { module: "board" }).filter((h) => isBoard(h.module)); } catch (e) { ops = []; }
if (!ops.length) {
  try { ops = allHits("", { module: "gg:board" }).filter((h) => isBoard(h.module)); } catch (e) { ops = []; }
}
if (!ops.length) ops = allHits("", {}).filter((h) => isBoard(h.module));
{ const fns = ops.filter((h) => (h.signature || "").includes("(")); if (fns.length) ops = fns; }
const seen = new Set();
for (const h of ops) {
  if (seen.has(h.name)) continue;
  seen.add(h.name);
  views.openDocs(h.name);
  console.log(`${h.name}: ${h.brief}`);
}
if (!seen.size) console.log("no board operations found in the docs");
