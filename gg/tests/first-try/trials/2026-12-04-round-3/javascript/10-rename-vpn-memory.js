import { memories } from "gg";

const m = memories.read("vpn");
const opts = { description: m.description };
if (m.code != null) opts.code = m.code;
memories.write("office-vpn", m.body, opts);
memories.delete("vpn");
console.log("renamed vpn to office-vpn");
