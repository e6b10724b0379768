import { programs } from "gg";

const hist = programs.history();
const failed = hist.filter((p) => !p.ok);
let pick = failed.filter((p) => /rates\.csv/.test(p.error || ""));
if (!pick.length) pick = failed.filter((p) => /rates\.csv/.test(programs.get(p.turn)));
if (!pick.length) throw new Error("no failed program about data/rates.csv found");
if (pick.length > 1) {
  const narrower = pick.filter((p) => /data\/rates\.csv/.test(p.error || "") || /data\/rates\.csv/.test(programs.get(p.turn)));
  if (narrower.length) pick = narrower;
}
const p = pick[pick.length - 1];
const src = programs.get(p.turn);
console.log(`rerunning the program of turn ${p.turn} (failed: ${p.error})`);
console.log(src);
programs.rerun(src);
