import { memories, files } from "gg";

let hits = memories.search(["vpn", "office"]);
if (hits.length === 0) hits = memories.search(["VPN", "connect", "network", "remote"]);
if (hits.length === 0) throw new Error("no memory about the office VPN found");
for (const h of hits) console.log(`${h.name} (${h.score}): ${h.description}`);

const mem = memories.read(hits[0].name);
files.writeFile("docs/vpn.md", mem.body);
console.log(`wrote the body of memory ${mem.name} to docs/vpn.md`);
