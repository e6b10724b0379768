// The globals the ECMAScript guest installs beyond ES2022, declared for the TypeScript checker.
// Intl is absent from the guest and from here.

declare const console: {
  log(...values: unknown[]): void;
  info(...values: unknown[]): void;
  warn(...values: unknown[]): void;
  error(...values: unknown[]): void;
  debug(...values: unknown[]): void;
  trace(...values: unknown[]): void;
  dir(value: unknown): void;
  assert(condition: unknown, ...values: unknown[]): void;
};
declare class TextEncoder {
  readonly encoding: "utf-8";
  encode(input?: string): Uint8Array;
}
declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean });
  readonly encoding: string;
  decode(input?: ArrayBufferView | ArrayBuffer): string;
}
declare function structuredClone<T>(value: T): T;
declare function queueMicrotask(callback: () => void): void;
declare const crypto: {
  getRandomValues<T extends ArrayBufferView | null>(array: T): T;
  randomUUID(): string;
};
/** Absent: there is no event loop, so a scheduled callback would never run. Calling it throws. */
declare function setTimeout(handler: (...args: unknown[]) => void, timeout?: number, ...args: unknown[]): never;
/** Absent: there is no event loop, so a scheduled callback would never run. Calling it throws. */
declare function setInterval(handler: (...args: unknown[]) => void, timeout?: number, ...args: unknown[]): never;
/** Absent: there is no event loop. Calling it throws. */
declare function clearTimeout(id?: unknown): never;
/** Absent: there is no event loop. Calling it throws. */
declare function clearInterval(id?: unknown): never;
/** Absent: there is no event loop. Calling it throws. */
declare function requestAnimationFrame(callback: (time: number) => void): never;
/** Absent: this program's runtime is built without an HTTP client. Calling it throws. */
declare function fetch(input: string, init?: unknown): never;
