import { files, session } from "gg";

const rulesText = files.readFile("REVIEW-RULES.md").contents;
const notesText = files.readFile("release/notes.md").contents;
console.log("--- REVIEW-RULES.md ---\n" + rulesText);
console.log("--- release/notes.md ---\n" + notesText);

// Turn each rule line into a check (line) => problem text or null.
const checks = [];
for (const raw of rulesText.split(/\r?\n/)) {
  const rule = raw.replace(/^\s*([-*+]|\d+[.)])\s*/, "").trim();
  if (rule === "" || rule.startsWith("#")) continue;
  const low = rule.toLowerCase();

  const len = low.match(/(\d+)\s*(characters|chars|columns)/);
  if (len && /(longer|more than|exceed|at most|max|no line|under|fewer)/.test(low)) {
    const max = Number(len[1]);
    checks.push((l) => (l.length > max ? `is longer than ${max} characters` : null));
  }
  const quoted = [...rule.matchAll(/[`"“]([^`"”]+)[`"”]/g)].map((m) => m[1]);
  if (quoted.length && /(must not|mustn't|never|no |not |don't|do not|forbidden|avoid)/.test(low)) {
    for (const q of quoted) {
      const ci = /case/.test(low) ? false : true;
      checks.push((l) =>
        (ci ? l.toLowerCase().includes(q.toLowerCase()) : l.includes(q)) ? `contains "${q}"` : null
      );
    }
  } else if (/\btodo\b/.test(low) && /(no |not|never)/.test(low)) {
    checks.push((l) => (/TODO/i.test(l) ? "contains TODO" : null));
  }
  if (/trailing (white)?space/.test(low)) {
    checks.push((l) => (/[ \t]+$/.test(l) ? "has trailing whitespace" : null));
  }
  if (/\btabs?\b/.test(low) && /(no |not|never)/.test(low)) {
    checks.push((l) => (l.includes("\t") ? "contains a tab" : null));
  }
  const isBullet = (l) => /^\s*[-*+]\s+/.test(l);
  const bulletText = (l) => l.replace(/^\s*[-*+]\s+/, "");
  if (/end(s)? with a (period|full stop)/.test(low)) {
    checks.push((l) => (isBullet(l) && !/\.\s*$/.test(bulletText(l)) ? "does not end with a period" : null));
  }
  if (/(start|begin)s? with (a |an )?(capital|upper)/.test(low)) {
    checks.push((l) => (isBullet(l) && !/^[A-Z]/.test(bulletText(l)) ? "does not start with a capital letter" : null));
  }
  if (/(issue|ticket|pr)\s*(number|reference|#)|#\d+|reference an issue/.test(low) && /(must|should|every|each)/.test(low)) {
    checks.push((l) => (isBullet(l) && !/#\d+/.test(l) ? "does not reference an issue number" : null));
  }
}
console.log(`${checks.length} checks understood from the rules`);

const items = [];
notesText.split(/\r?\n/).forEach((line, i) => {
  const problems = checks.map((c) => c(line)).filter((p) => p !== null);
  if (problems.length) items.push(`Line ${i + 1}: ${problems.join("; ")}: ${line.trim()}`);
});

if (items.length) {
  for (const it of items) console.log(it);
  session.requestChanges(items);
} else {
  console.log("no rule broken; approving");
  session.approve();
}
