// Prints the views the connection's earlier programs opened, then opens one of its own.
import { views } from "gg";

console.log("views: [" + views.current().map((v) => v.selector).join(",") + "]");
views.openText("opened by a JavaScript program", { label: "javascript" });
