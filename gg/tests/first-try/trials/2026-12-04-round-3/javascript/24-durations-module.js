import { memories, programs } from "gg";

const code = `export function formatDuration(seconds) {
  const total = Math.round(Number(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return \`\${h}:\${String(m).padStart(2, "0")}:\${String(s).padStart(2, "0")}\`;
}
`;

memories.write(
  "durations",
  "Helpers for showing lengths of time.\n\nThe code module `lib:durations` exports `formatDuration(seconds)`, which formats a number of seconds as h:mm:ss (3725 -> 1:02:05).",
  { description: "Helpers for showing lengths of time", code }
);

const second = `
import { files } from "gg";
import { formatDuration } from "lib:durations";

const lines = files.readFile("data/runs.csv").contents.split("\\n").map((l) => l.replace(/\\r$/, "")).filter((l) => l.trim() !== "");
const header = lines[0].split(",").map((h) => h.trim().toLowerCase());
const ri = header.indexOf("runner"), si = header.indexOf("seconds");
const runs = lines.slice(1).map((l) => { const c = l.split(","); return { runner: c[ri].trim(), seconds: Number(c[si].trim()) }; });
runs.sort((a, b) => a.seconds - b.seconds);
const out = runs.map((r) => \`\${r.runner} \${formatDuration(r.seconds)}\`).join("\\n") + "\\n";
files.writeFile("reports/times.txt", out);
console.log(out);
`;
programs.rerun(second);
