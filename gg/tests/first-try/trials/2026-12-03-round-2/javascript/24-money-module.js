import { memories, programs, shell } from "gg";

const code = `export function formatCents(cents) {
  const negative = cents < 0;
  const abs = Math.abs(Math.round(cents));
  const euros = Math.floor(abs / 100);
  const rest = String(abs % 100).padStart(2, "0");
  const grouped = String(euros).replace(/\\B(?=(\\d{3})+(?!\\d))/g, ",");
  return \`\${negative ? "-" : ""}\${grouped}.\${rest} EUR\`;
}
`;

memories.write(
  "money",
  "Helpers for showing amounts of money",
  "formatCents(cents) formats an amount in cents as euros with a thousands separator and two decimals: formatCents(129900) is \"1,299.00 EUR\". Import it with `import { formatCents } from \"lib:money\";`.",
  { code },
);

shell.run("mkdir -p reports");

const second = `import { files } from "gg";
import { formatCents } from "lib:money";

const lines = files.readFile("data/orders.csv").contents.split("\\n").filter((l) => l.trim() !== "");
const totals = new Map();
for (const line of lines.slice(1)) {
  const parts = line.split(",");
  const cents = Number(parts[parts.length - 1].trim());
  const customer = parts.slice(1, -1).join(",").trim();
  totals.set(customer, (totals.get(customer) ?? 0) + cents);
}
const customers = [...totals.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
const out = customers.map((c) => \`\${c}: \${formatCents(totals.get(c))}\`).join("\\n") + "\\n";
files.writeFile("reports/totals.txt", out);
console.log(out);
`;
programs.rerun(second);
console.log("Saved memory money; the totals program runs next.");
