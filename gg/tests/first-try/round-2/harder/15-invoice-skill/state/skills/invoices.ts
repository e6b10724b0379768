const LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ";

/** The invoice number of order `order` placed in `year`, with its check letter. */
export function invoiceNumber(year: number, order: number): string {
  const y = String(year).padStart(4, "0");
  const o = String(order).padStart(5, "0");
  let total = 0;
  [...(y + o)].forEach((d, i) => { total += (i + 1) * Number(d); });
  return `INV-${y}-${o}-${LETTERS[total % 24]}`;
}
