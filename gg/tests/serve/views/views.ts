// Prints the views the connection's earlier programs opened, then opens one of its own.
import { views } from "gg";

const seen: string[] = views.current().map((v) => v.selector);
console.log(`views: [${seen.join(",")}]`);
views.openText("opened by a TypeScript program", { label: "typescript" });
