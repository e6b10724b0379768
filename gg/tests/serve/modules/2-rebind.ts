import { memories } from "gg";
memories.write("helper", "sevens, broken", "body", { code: "export function seven( { return 7 }\n" });
console.log("rebound");
