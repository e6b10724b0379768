import { files, views } from "gg";

function parseCsvLine(line: string): string[] {
  const out: string[] = [];
  let cur = "";
  let inQ = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (inQ) {
      if (c === '"') {
        if (line[i + 1] === '"') { cur += '"'; i++; } else inQ = false;
      } else cur += c;
    } else if (c === '"') inQ = true;
    else if (c === ",") { out.push(cur); cur = ""; }
    else cur += c;
  }
  out.push(cur);
  return out;
}

const lines = files.readFile("team/people.csv").contents.split("\n").map((l) => l.replace(/\r$/, "")).filter((l) => l.trim() !== "");
const header = parseCsvLine(lines[0]).map((h) => h.trim().toLowerCase());
const teamCol = header.indexOf("team");
const emailCol = header.indexOf("email");
if (teamCol < 0 || emailCol < 0) throw new Error("no team or email column in team/people.csv");
const emails: string[] = [];
for (const line of lines.slice(1)) {
  const cells = parseCsvLine(line);
  if ((cells[teamCol] ?? "").trim() === "Sales") {
    const email = (cells[emailCol] ?? "").trim();
    if (email !== "") emails.push(email);
  }
}
emails.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
views.openText(emails.join("\n"), { label: "sales emails" });
console.log(emails.join("\n"));
