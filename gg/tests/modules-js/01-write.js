import { memories } from "gg";
memories.write("broken", "helper", { description: "a broken helper", code: "export function f( { return 1 }\n" });
console.log("written");
