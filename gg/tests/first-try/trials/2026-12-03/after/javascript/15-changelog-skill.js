import { skills, files, programs, ApiError } from "gg";

const change = "Fixed the crash when saving an empty file";
const body = skills.read("changelog");
console.log("--- skill changelog ---");
console.log(body);
console.log("-----------------------");

// If the skill ships code, it binds as module lib:changelog from the next program on:
// look in its text for the function it tells us to call.
const fnMatch =
  body.match(/import\s*\{\s*(\w+)[^}]*\}\s*from\s*["']lib:changelog["']/) ||
  body.match(/`(\w+)\s*\([^`]*\)`/);

if (fnMatch) {
  const fn = fnMatch[1];
  const src =
    `import { ${fn} } from "lib:changelog";\n` +
    `const r = ${fn}(${JSON.stringify(change)});\n` +
    `console.log("changelog updated", r === undefined ? "" : JSON.stringify(r));\n`;
  programs.rerun(src);
  console.log(`will call lib:changelog ${fn}() next`);
} else {
  // Otherwise follow the text: add an entry to the changelog file it names.
  const fileMatch = body.match(/[\w./-]*CHANGELOG[\w.-]*/i);
  const path = fileMatch ? fileMatch[0].replace(/[.,;:]+$/, "") : "CHANGELOG.md";
  let text = "";
  try {
    text = files.readFile(path).contents;
  } catch (e) {
    if (!(e instanceof ApiError) || e.code !== "not-found") throw e;
  }
  const bulletMatch = text.match(/^([-*])\s/m);
  const bullet = bulletMatch ? bulletMatch[1] : "-";
  const entry = `${bullet} ${change}`;
  const lines = text === "" ? [] : text.split("\n");
  const unreleased = lines.findIndex((l) => /^#+\s*\[?unreleased\]?/i.test(l));
  if (unreleased >= 0) {
    // insert after the heading (and after a "Fixed" sub-heading if the section has one)
    let at = unreleased + 1;
    for (let i = unreleased + 1; i < lines.length && !/^##\s/.test(lines[i]); i++) {
      if (/^###\s*fixed/i.test(lines[i])) { at = i + 1; break; }
    }
    while (at < lines.length && lines[at].trim() === "") at++;
    lines.splice(at, 0, entry);
  } else {
    const firstHeading = lines.findIndex((l) => /^#\s/.test(l));
    const at = firstHeading >= 0 ? firstHeading + 1 : 0;
    lines.splice(at, 0, ...(firstHeading >= 0 ? ["", "## Unreleased", "", entry] : ["## Unreleased", "", entry, ""]));
  }
  let out = lines.join("\n");
  if (!out.endsWith("\n")) out += "\n";
  files.writeFile(path, out);
  console.log(`added "${entry}" to ${path}`);
}
