import { files } from "gg";
import { invoiceNumber } from "lib:invoices";

const year = 2026;
const order = 1187;
const customer = "Lindqvist AB";
const total = 1250.5;

// Cross-check by hand, as the skill describes.
const digits = `${year}${String(order).padStart(5, "0")}`;
let sum = 0;
for (let i = 0; i < 9; i++) sum += Number(digits[i]) * (i + 1);
const letters = "ABCDEFGHJKLMNPQRSTUVWXYZ";
const byHand = `INV-${year}-${String(order).padStart(5, "0")}-${letters[sum % 24]}`;

const number = String(invoiceNumber(year, order));
if (number !== byHand) console.log(`note: the skill's code gives ${number}, by hand ${byHand}; using the code`);

files.writeFile(
  `invoices/${number}.txt`,
  `invoice: ${number}\ncustomer: ${customer}\ntotal: ${total.toFixed(2)} EUR\n`,
);

let index = files.readFile("invoices/index.txt").contents;
if (index.length > 0 && !index.endsWith("\n")) index += "\n";
index += `${number} ${customer}\n`;
files.writeFile("invoices/index.txt", index);
console.log(`wrote invoices/${number}.txt and added it to invoices/index.txt`);
