/** Greets `name` in one line. */
export function greet(name: string): string {
  return `Hello, ${name}!`;
}
