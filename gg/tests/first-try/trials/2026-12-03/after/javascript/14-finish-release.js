import { files, session } from "gg";

const text = files.readFile("notes/status.txt").contents;
const stateMatch = text.match(/state\s*[:=]\s*["']?([\w-]+)/i);
const versionMatch = text.match(/version\s*[:=]\s*["']?v?([\w.+-]+)/i);
const state = stateMatch ? stateMatch[1].toLowerCase() : text.trim().toLowerCase();

if (state === "ready") {
  const version = versionMatch ? versionMatch[1] : "unknown";
  session.finish(`The release is ready: version ${version}.`);
  console.log(`release ${version} is ready; finishing`);
} else {
  console.log(text);
}
