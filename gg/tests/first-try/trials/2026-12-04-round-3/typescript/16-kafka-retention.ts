import { memories } from "gg";

for (const hit of memories.search([])) {
  const m = memories.read(hit.name);
  const hay = (m.name + "\n" + m.description + "\n" + m.body).toLowerCase();
  if (hay.includes("kafka") && hay.includes("retention")) console.log(m.name);
}
