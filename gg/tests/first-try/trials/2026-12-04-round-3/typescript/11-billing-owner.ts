import { memories } from "gg";

const body = memories.read("component-owners").body;
const target = "billing";

function clean(s: string): string {
  return s.replace(/[`*_"]/g, "").trim();
}
function normKey(s: string): string {
  let k = clean(s).toLowerCase();
  k = k.replace(/^src\//, "").replace(/\/+$/, "").trim();
  return k;
}
function isTarget(key: string): boolean {
  const k = normKey(key);
  return k === target || /^billing\s*\(/.test(k);
}

const owners: string[] = [];
const lines = body.split("\n").map((l) => l.replace(/\r$/, ""));

// 1. Markdown tables
let header: string[] | null = null;
for (const line of lines) {
  const t = line.trim();
  if (!t.startsWith("|")) { header = null; continue; }
  const cells = t.replace(/^\|/, "").replace(/\|$/, "").split("|").map((c) => clean(c));
  if (cells.every((c) => /^:?-+:?$/.test(c) || c === "")) continue;
  if (header === null) { header = cells.map((c) => c.toLowerCase()); continue; }
  const ownerCol = header.findIndex((h) => /owner|who|team|person|maintainer/.test(h));
  const compCol = header.findIndex((h) => /component|part|area|module|code|path|name|service/.test(h) && !/owner/.test(h));
  if (compCol >= 0 && ownerCol >= 0) {
    if (cells[compCol] !== undefined && isTarget(cells[compCol])) owners.push(cells[ownerCol] ?? "");
  } else {
    const i = cells.findIndex((c) => isTarget(c));
    if (i >= 0 && i + 1 < cells.length) owners.push(cells[i + 1]);
  }
}

// 2. "billing: owner" style lines
if (owners.length === 0) {
  for (const line of lines) {
    const t = line.replace(/^\s*(?:[-*+•]|\d+[.)])\s+/, "").trim();
    const m = /^(.+?)\s*(?::|=|—|–|->|→|=>|\s-\s)\s*(.+)$/.exec(t);
    if (m && isTarget(m[1])) owners.push(clean(m[2]));
  }
}

// 3. Sentences: "X owns billing", "billing is owned by X"
if (owners.length === 0) {
  for (const line of lines) {
    const t = clean(line.replace(/^\s*(?:[-*+•]|\d+[.)])\s+/, ""));
    let m = /^(.+?)\s+owns?\s+(?:the\s+)?billing\b/i.exec(t);
    if (m) { owners.push(m[1].trim()); continue; }
    m = /\bbilling\b.*?\b(?:owned by|owner is|owner:)\s+(.+?)\.?$/i.exec(t);
    if (m) owners.push(m[1].trim());
  }
}

if (owners.length > 0) {
  for (const o of owners) console.log(o.replace(/\.$/, "").trim());
} else {
  console.log("Could not find a clear owner of billing; the lines mentioning it:");
  for (const line of lines) if (/billing/i.test(line)) console.log(line);
  console.log("--- the whole memory ---");
  console.log(body);
}
