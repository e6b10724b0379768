import { files, session } from "gg";

function readAll(path: string): string {
  const first = files.readFile(path);
  if (!first.truncated) return first.contents;
  const parts: string[] = [];
  const step = 200;
  for (let offset = 0; offset < first.totalLines; offset += step) {
    let part = files.readFile(path, { offset, limit: step }).contents;
    if (offset + step < first.totalLines && !part.endsWith("\n")) part += "\n";
    parts.push(part);
  }
  return parts.join("");
}

const rulesText = readAll("REVIEW-RULES.md");
const notesText = readAll("release/notes.md");
console.log(rulesText);

type Check = { why: string; applies: (line: string) => boolean; breaks: (line: string) => boolean };
const checks: Check[] = [];
const nonBlank = (l: string) => l.trim() !== "";
const isItem = (l: string) => /^\s*(?:[-*+]\s|\d+[.)]\s)/.test(l);
const itemText = (l: string) => l.replace(/^\s*(?:[-*+]\s+|\d+[.)]\s+)/, "");

for (const raw of rulesText.split(/\r?\n/)) {
  const rule = raw.replace(/^\s*(?:[-*+]\s+|\d+[.)]\s+)/, "").trim();
  if (rule === "" || /^#/.test(rule)) continue;
  const negative = /\b(no|not|never|don't|do not|must not|mustn't|avoid|forbidden|without)\b/i.test(rule);
  const aboutItems = /\b(entry|entries|bullet|bullets|item|items|change|changes)\b/i.test(rule);
  const applies = aboutItems ? isItem : nonBlank;
  const body = (l: string) => (aboutItems ? itemText(l) : l);
  const tokens = [...rule.matchAll(/`([^`]+)`|"([^"]+)"/g)].map((m) => m[1] ?? m[2]);

  const len = /(?:at most|no more than|not exceed|up to|maximum(?: of)?|max(?:imum)?|longer than|more than|exceed|over)\s*(\d+)\s*(?:char|letter)/i.exec(rule);
  if (len) {
    const n = Number(len[1]);
    checks.push({ why: `is longer than ${n} characters`, applies: nonBlank, breaks: (l) => l.replace(/\r$/, "").length > n });
    continue;
  }
  if (/trailing (white ?space|spaces?|blanks?)/i.test(rule)) {
    checks.push({ why: "has trailing whitespace", applies: (l) => l.length > 0, breaks: (l) => /[ \t]+\r?$/.test(l) });
    continue;
  }
  if (/capital/i.test(rule) && /(start|begin)/i.test(rule)) {
    checks.push({ why: "does not start with a capital letter", applies, breaks: (l) => /^[a-z]/.test(body(l).trim()) });
    continue;
  }
  if (/\b(period|full stop)\b/i.test(rule) && /\bend/i.test(rule)) {
    if (negative) checks.push({ why: "ends with a period", applies, breaks: (l) => /\.\s*$/.test(l) });
    else checks.push({ why: "does not end with a period", applies, breaks: (l) => !/\.\s*$/.test(l) });
    continue;
  }
  if (tokens.length > 0 && /\b(start|begin)s? with\b/i.test(rule)) {
    const t = tokens;
    if (negative) checks.push({ why: `starts with ${t.join(" or ")}`, applies: nonBlank, breaks: (l) => t.some((x) => l.startsWith(x)) });
    else checks.push({ why: `does not start with ${t.join(" or ")}`, applies, breaks: (l) => !t.some((x) => l.startsWith(x)) });
    continue;
  }
  if (tokens.length > 0 && /\bends? with\b/i.test(rule)) {
    const t = tokens;
    if (negative) checks.push({ why: `ends with ${t.join(" or ")}`, applies, breaks: (l) => t.some((x) => l.trimEnd().endsWith(x)) });
    else checks.push({ why: `does not end with ${t.join(" or ")}`, applies, breaks: (l) => !t.some((x) => l.trimEnd().endsWith(x)) });
    continue;
  }
  if (tokens.length > 0 && negative) {
    const t = tokens;
    checks.push({ why: `contains ${t.map((x) => `"${x}"`).join(" or ")}`, applies: nonBlank, breaks: (l) => t.some((x) => l.toLowerCase().includes(x.toLowerCase())) });
    continue;
  }
  if (/issue|#\d|ticket/i.test(rule) && /(reference|refer|link|mention|cite|number)/i.test(rule) && !negative) {
    checks.push({ why: "does not reference an issue number", applies: isItem, breaks: (l) => !/#\d+/.test(l) });
    continue;
  }
  if (tokens.length > 0) {
    const t = tokens;
    checks.push({ why: `does not contain ${t.map((x) => `"${x}"`).join(" or ")}`, applies, breaks: (l) => !t.some((x) => l.includes(x)) });
    continue;
  }
  console.log(`(rule not understood, not checked: ${rule})`);
}

const items: string[] = [];
notesText.split("\n").forEach((line, i) => {
  const reasons = checks.filter((c) => c.applies(line) && c.breaks(line)).map((c) => c.why);
  if (reasons.length > 0) items.push(`Line ${i + 1} ${reasons.join("; ")}: ${line.trim()}`);
});

if (items.length > 0) {
  for (const item of items) console.log(item);
  session.requestChanges(items);
} else {
  console.log("The notes break no rule: approving.");
  session.approve();
}
