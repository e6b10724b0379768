import { files, views } from "gg";

const config = JSON.parse(files.readFile("config/app.json").contents) as { features?: Record<string, unknown> };
const features = config.features ?? {};
const on = Object.keys(features).filter((k) => features[k] === true);
views.openText("features on", on.join("\n"));
console.log(on.join("\n"));
