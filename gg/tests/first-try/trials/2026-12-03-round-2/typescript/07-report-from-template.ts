import { files } from "gg";

const template = files.readFile("templates/report.md").contents;
const filled = template
  .split("{{month}}").join("December 2026")
  .split("{{author}}").join("Dana");
files.writeFile("reports/2026-12.md", filled);
console.log("wrote reports/2026-12.md");
