import { programs } from "gg";

const failed = programs.history().filter((p) => !p.ok);
let pick = failed.filter((p) => (p.error ?? "").includes("rates.csv"));
if (pick.length === 0) {
  pick = failed.filter((p) => {
    try {
      return programs.get(p.turn).includes("rates.csv");
    } catch {
      return false;
    }
  });
}
for (const p of failed) console.log(`turn ${p.turn} failed: ${p.error ?? ""}`);
if (pick.length === 0) throw new Error("no failed program that needed data/rates.csv");
if (pick.length > 1) console.log(`several candidates (${pick.map((p) => p.turn).join(", ")}); rerunning the latest`);
const chosen = pick[pick.length - 1];
const source = programs.get(chosen.turn);
console.log(`rerunning the program of turn ${chosen.turn}:\n${source}`);
programs.rerun(source);
