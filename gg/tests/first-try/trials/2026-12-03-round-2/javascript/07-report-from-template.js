import { files } from "gg";

const tpl = files.readFile("templates/report.md").contents;
const out = tpl.replaceAll("{{month}}", "December 2026").replaceAll("{{author}}", "Dana");
files.writeFile("reports/2026-12.md", out);
console.log("Wrote reports/2026-12.md");
