import { files, ApiError } from "gg";

const path = "config/settings.json";
let text;
try {
  text = files.readFile(path).contents;
} catch (e) {
  if (!(e instanceof ApiError) || e.code !== "not-found") throw e;
  text = files.readFile("config/settings.example.json").contents;
  files.writeFile(path, text);
  console.log(`created ${path} from config/settings.example.json`);
}

const settings = JSON.parse(text);
function find(obj) {
  if (obj && typeof obj === "object") {
    if ("retries" in obj) return obj.retries;
    for (const v of Object.values(obj)) {
      const r = find(v);
      if (r !== undefined) return r;
    }
  }
  return undefined;
}
console.log(find(settings));
