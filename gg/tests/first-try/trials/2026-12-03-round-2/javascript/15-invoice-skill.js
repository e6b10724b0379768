import { files } from "gg";

const year = 2026;
const order = 1187;
const customer = "Lindqvist AB";
const total = 1250.5;

const letters = "ABCDEFGHJKLMNPQRSTUVWXYZ";
const orderStr = String(order).padStart(5, "0");
const digits = `${year}${orderStr}`;
let sum = 0;
for (let i = 0; i < digits.length; i++) sum += (i + 1) * Number(digits[i]);
const number = `INV-${year}-${orderStr}-${letters[sum % 24]}`;

files.writeFile(
  `invoices/${number}.txt`,
  `invoice: ${number}\ncustomer: ${customer}\ntotal: ${total.toFixed(2)} EUR\n`,
);

const index = files.readFile("invoices/index.txt").contents;
const sep = index.length > 0 && !index.endsWith("\n") ? "\n" : "";
files.writeFile("invoices/index.txt", `${index}${sep}${number} ${customer}\n`);
console.log(`Wrote invoices/${number}.txt and added it to invoices/index.txt`);
