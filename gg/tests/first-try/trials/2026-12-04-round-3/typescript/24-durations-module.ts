import { memories, programs } from "gg";

const code = `export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = s % 60;
  return hours + ":" + String(minutes).padStart(2, "0") + ":" + String(seconds).padStart(2, "0");
}
`;

memories.write(
  "durations",
  "Helpers for showing lengths of time.\n\nformatDuration(seconds) formats a number of seconds as h:mm:ss, e.g. formatDuration(3725) is \"1:02:05\" (minutes and seconds always two digits).",
  { description: "helpers for showing lengths of time", code },
);

const next = `
import { files } from "gg";
import { formatDuration } from "lib:durations";

const lines = files.readFile("data/runs.csv").contents.split("\\n").map((l) => l.replace(/\\r$/, "")).filter((l) => l.trim() !== "");
const header = lines[0].split(",").map((h) => h.trim().toLowerCase());
const rc = header.indexOf("runner");
const sc = header.indexOf("seconds");
const runs = lines.slice(1).map((l) => {
  const c = l.split(",");
  return { runner: c[rc].trim(), seconds: Number(c[sc].trim()) };
});
runs.sort((a, b) => a.seconds - b.seconds);
const out = runs.map((r) => r.runner + " " + formatDuration(r.seconds));
files.writeFile("reports/times.txt", out.join("\\n") + "\\n");
console.log(out.join("\\n"));
`;
programs.rerun(next);
