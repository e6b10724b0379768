import { memories } from "gg";
memories.write("broken", "a broken helper", "helper", { code: "export function f( { return 1 }\n" });
console.log("written");
