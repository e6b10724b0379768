import { memories } from "gg";
memories.write("helper", "body", { description: "sevens, broken", code: "export function seven( { return 7 }\n" });
console.log("rebound");
