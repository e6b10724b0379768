import { memories } from "gg";

const names = [...new Set(memories.search([]).map((h) => h.name))].sort();
for (const name of names) {
  let m;
  try { m = memories.read(name); } catch (e) { continue; }
  const all = [m.name, m.description || "", m.body || ""].join("\n").toLowerCase();
  if (all.includes("kafka") && all.includes("retention")) console.log(name);
}
