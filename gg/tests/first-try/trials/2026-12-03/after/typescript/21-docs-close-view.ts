import { docs, views } from "gg";

const result = docs.search("close");
const hit =
  result.hits.find((h) => /views/.test(h.module) && /(^|\.)close$/.test(h.name)) ??
  result.hits.find((h) => /views/.test(h.module) || /views/.test(h.name));
if (!hit) throw new Error("no documentation found for closing a view");
console.log(hit.signature);
const name = hit.name.includes(".") ? hit.name : `${hit.module.replace(/^gg:/, "")}.${hit.name}`;
views.openDocs(name);
