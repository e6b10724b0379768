import { memories } from "gg";

const m = memories.read("vpn");
memories.write("office-vpn", m.body, { description: m.description, code: m.code ?? null });
const copy = memories.read("office-vpn");
if (copy.body !== m.body || copy.description !== m.description) {
  throw new Error("the copy under office-vpn does not match; vpn left in place");
}
memories.delete("vpn");
console.log("renamed vpn to office-vpn");
