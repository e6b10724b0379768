import { files, views } from "gg";

function parseCsvLine(line) {
  const out = [];
  let cur = "", inQ = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (inQ) {
      if (c === '"') { if (line[i + 1] === '"') { cur += '"'; i++; } else inQ = false; }
      else cur += c;
    } else if (c === '"') inQ = true;
    else if (c === ",") { out.push(cur); cur = ""; }
    else cur += c;
  }
  out.push(cur);
  return out;
}

const lines = files.readFile("team/people.csv").contents.split("\n").map((l) => l.replace(/\r$/, "")).filter((l) => l.trim() !== "");
const header = parseCsvLine(lines[0]).map((h) => h.trim().toLowerCase());
const ti = header.indexOf("team"), ei = header.indexOf("email");
const emails = lines.slice(1).map(parseCsvLine)
  .filter((r) => (r[ti] || "").trim() === "Sales")
  .map((r) => r[ei].trim());
emails.sort();
const body = emails.join("\n");
views.openText(body, { label: "sales emails" });
console.log(body);
