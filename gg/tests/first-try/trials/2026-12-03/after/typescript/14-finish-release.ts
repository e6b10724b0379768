import { files, session } from "gg";

const text = files.readFile("notes/status.txt").contents;
let state = /\bstate\s*[:=]\s*["']?([\w-]+)/i.exec(text)?.[1];
if (state === undefined && /^\s*ready\s*$/i.test(text)) state = "ready";
const version =
  /\bversion\s*[:=]\s*["']?([^\s"',;]+)/i.exec(text)?.[1] ??
  /\bv?\d+\.\d+(?:\.\d+)?[\w.+-]*/.exec(text)?.[0];

if (state !== undefined && state.toLowerCase() === "ready") {
  const summary = `The release is ready: version ${version ?? "(unknown)"}.`;
  console.log(summary);
  session.finish(summary);
} else {
  console.log(text);
}
