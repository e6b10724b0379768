import { skills, programs } from "gg";

skills.read("posts");

const title = "Ledger 3.0: Faster Imports & Offline Mode";
const date = "2026-12-04";
const src = `
import { files } from "gg";
import { slug } from "lib:posts";

const title = ${JSON.stringify(title)};
const date = ${JSON.stringify(date)};
const s = slug(title);
const text = files.readFile("drafts/ledger-3.txt").contents;
files.writeFile(\`posts/\${date}-\${s}.md\`, \`# \${title}\\n\\n\` + text);
const index = files.readFile("posts/index.txt").contents;
files.writeFile("posts/index.txt", \`\${date} \${s}\\n\` + index);
console.log(\`published \${date}-\${s}\`);
`;
programs.rerun(src);
