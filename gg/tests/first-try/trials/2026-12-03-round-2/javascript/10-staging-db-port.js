import { memories } from "gg";

const mem = memories.read("staging-db");
const body = mem.body;
let updated = null;

// "port 5432", "port: 5432", "port=5432", "PGPORT=5432"
const portWord = /(port\b\s*[:=]?\s*)(\d{2,5})/i;
// "host:5432"
const hostPort = /([A-Za-z0-9_.-]+:)(\d{2,5})\b/;
if (portWord.test(body)) {
  updated = body.replace(new RegExp(portWord.source, "gi"), (_, pre) => `${pre}6543`);
} else if (hostPort.test(body)) {
  updated = body.replace(new RegExp(hostPort.source, "g"), (_, pre) => `${pre}6543`);
}
if (updated === null) {
  console.log("Found no port in the memory; its body is:");
  console.log(body);
  throw new Error("staging-db memory has no port to update");
}
const options = mem.code ? { code: mem.code } : {};
memories.write("staging-db", mem.description, updated, options);
console.log("Before:");
console.log(body);
console.log("After:");
console.log(memories.read("staging-db").body);
