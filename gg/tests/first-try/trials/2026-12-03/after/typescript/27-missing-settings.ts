import { files, ApiError } from "gg";

const path = "config/settings.json";
let text: string;
try {
  text = files.readFile(path).contents;
} catch (e) {
  if (!(e instanceof ApiError) || e.code !== "not-found") throw e;
  text = files.readFile("config/settings.example.json").contents;
  files.writeFile(path, text);
  console.log(`created ${path} from config/settings.example.json`);
}

function findKey(value: unknown, key: string): unknown {
  if (value === null || typeof value !== "object") return undefined;
  if (!Array.isArray(value) && key in value) return (value as Record<string, unknown>)[key];
  for (const v of Object.values(value as Record<string, unknown>)) {
    const found = findKey(v, key);
    if (found !== undefined) return found;
  }
  return undefined;
}

const retries = findKey(JSON.parse(text), "retries");
console.log(typeof retries === "object" ? JSON.stringify(retries) : String(retries));
