import { shell, board, session } from "gg";

const result = shell.run("sh run-tests.sh");
const output = result.output;
console.log(output);

function failingTest(out: string): string | undefined {
  for (const raw of out.split(/\r?\n/)) {
    const line = raw.trim();
    let m = /^not ok\s+\d*\s*-?\s*(.+)$/i.exec(line); // TAP
    if (m) return m[1].trim();
    m = /^(?:-+\s*)?(?:FAIL(?:ED|URE)?|ERROR)\b[\s:\-\]]*(\S.*)$/.exec(line);
    if (m) {
      let name = m[1].split(" - ")[0].trim();
      name = name.split(/\s+/)[0].replace(/[:,]$/, "");
      if (name.includes("::")) name = name.split("::").pop() ?? name;
      if (name !== "") return name;
    }
    m = /^(?:[✗✘×]|\[FAIL\])\s*(.+)$/.exec(line);
    if (m) return m[1].trim();
    m = /^(\S+)\s*(?:\.{2,}|:)?\s*(?:FAIL(?:ED)?)\s*$/.exec(line);
    if (m) return m[1];
  }
  return undefined;
}

const name = failingTest(output) ?? "unknown test";
const lastThree = output.replace(/\s+$/, "").split(/\r?\n/).slice(-3).join("\n");
const id = board.createIssue({
  title: `Test failing: ${name}`,
  description: lastThree,
  labels: ["ci"],
});
console.log(`filed issue ${id}`);
session.finish(`Ran the tests: ${name} fails; filed issue ${id} (label ci).`);
