import { files, views } from "gg";

const config = JSON.parse(files.readFile("config/app.json").contents);
const on = Object.entries(config.features ?? {})
  .filter(([, v]) => v === true)
  .map(([k]) => k);
views.openText("features on", on.join("\n"));
console.log(on.join("\n"));
