import { memories } from "gg";

const notes = `/**
 * The first line of a text, cut to LIMIT characters.
 * Blank lines before it are skipped.
 * @param {string} text the text to summarise
 * @returns {string}
 */
export function summarize(text) {
  const first = text.split("\\n").find((line) => line.trim() !== "") ?? "";
  return first.slice(0, LIMIT);
}

/** The longest summary kept. */
export const LIMIT = 40;
`;
memories.write("notes", "note helpers", "Helpers for notes.", { code: notes });
memories.write("scratch", "a throwaway helper", "Gone next turn.", { code: "export const answer = 42;\n" });
console.log("written");
