import { docs, views } from "gg";

let res = docs.search("close", { module: "views" });
if (res.hits.length === 0) res = docs.search("close view");
if (res.hits.length === 0) res = docs.search("close");
for (const h of res.hits) console.log(`# ${h.module} ${h.name}: ${h.brief}`);

const hit =
  res.hits.find((h) => /views/.test(h.module) && /close$/.test(h.name)) ||
  res.hits.find((h) => /close/.test(h.name)) ||
  res.hits[0];
if (!hit) throw new Error("no documentation found for closing a view");

console.log(hit.signature);
views.openDocs(hit.name);
