// expect: completed
// Leaves this session's marker in its workspace, its views and its log.
import { files, views } from "gg";
files.writeFile("marker.txt", "MARKER");
views.openText("MARKER", { label: "marker" });
console.log("MARKER");
