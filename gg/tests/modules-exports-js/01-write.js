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
memories.write("notes", "Helpers for notes.", { description: "note helpers", code: notes });
memories.write("scratch", "Gone next turn.", { description: "a throwaway helper", code: "export const answer = 42;\n" });
console.log("written");
