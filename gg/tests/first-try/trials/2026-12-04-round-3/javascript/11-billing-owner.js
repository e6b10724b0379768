import { memories } from "gg";

const body = memories.read("component-owners").body;
const lines = body.split("\n").map((l) => l.replace(/\r$/, ""));
const word = "(?<![A-Za-z0-9_/-])`?billing`?(?![A-Za-z0-9_/-])";
const clean = (s) => s.replace(/\*\*|`/g, "").replace(/^[\s:=\-–—>|]+|[\s.;,|]+$/g, "").trim();

let owner = null;
const hits = lines.filter((l) => new RegExp(word, "i").test(l));
for (const line of hits) {
  const l = line.replace(/^\s*(?:[-*+]|\d+[.)])\s+/, "");
  let m;
  // markdown table: | billing | owner |
  if (l.includes("|")) {
    const cells = l.split("|").map((c) => c.trim()).filter((c) => c !== "");
    const i = cells.findIndex((c) => new RegExp("^" + word + "$", "i").test(c));
    if (i >= 0 && i + 1 < cells.length) { owner = clean(cells[i + 1]); break; }
  }
  // billing: owner / billing - owner / billing = owner / billing -> owner
  if ((m = l.match(new RegExp("^\\s*" + word + "\\s*(?::|=|->|→|—|–|-)\\s*(.+)$", "i")))) {
    owner = clean(m[1].replace(/^(?:owned by|owner:?)\s+/i, "")); break;
  }
  // billing is owned by owner / billing belongs to owner
  if ((m = l.match(new RegExp(word + "\\s+(?:is\\s+)?(?:owned by|belongs to|is run by|is maintained by)\\s+(.+)$", "i")))) {
    owner = clean(m[1]); break;
  }
  // owner owns billing / owner: billing
  if ((m = l.match(new RegExp("^\\s*(.+?)\\s+(?:owns|maintains|runs|is responsible for)\\s+(?:the\\s+)?" + word, "i")))) {
    owner = clean(m[1]); break;
  }
  // billing (owner)
  if ((m = l.match(new RegExp(word + "\\s*\\(([^)]+)\\)", "i")))) {
    owner = clean(m[1]); break;
  }
}

if (owner) console.log(owner);
else if (hits.length) { console.log("Could not parse the owner; the lines naming billing:"); hits.forEach((h) => console.log(h)); }
else { console.log("billing is not in the memory; its text:"); console.log(body); }
