// sdk:core, the SDK's hand-written core: ApiError, the native membrane call, and the checks on an
// options object. The family modules (sdk:files, ...) are generated from gg-sandbox.wit.
const N = globalThis.__ggNative;

/** The membrane call: `native(index, ...args)` returns the answer or throws an ApiError. */
export const native = N.call;

/** A refused or failed call: `code` says why, `operation` names the call (`files.read_file`). */
export class ApiError extends Error {
  constructor(e) {
    super(e.message);
    this.code = e.code;
    this.operation = e.operation;
  }
}
Object.defineProperty(ApiError.prototype, "name", { value: "ApiError", writable: true, configurable: true });
N.setApiError(ApiError);

const EMPTY = Object.freeze({});

function invalid(operation, message) {
  return new ApiError({ code: "invalid-argument", operation, message });
}

/** The options object of a call: absent, or an object with only the keys the call knows. */
export function options(operation, value, known) {
  if (value === undefined || value === null) return EMPTY;
  if (typeof value !== "object" || Array.isArray(value)) {
    throw invalid(operation, `options must be an object like { ${known.join(", ")} }, got ${typeof value === "string" ? JSON.stringify(value) : Array.isArray(value) ? "an array" : String(value)}`);
  }
  for (const key in value) {
    if (!known.includes(key)) throw invalid(operation, `unknown option \`${key}\`; the options are ${known.join(", ")}`);
  }
  return value;
}

/** A call with more arguments than it takes: say how it is written. */
export function arity(operation, shape) {
  throw invalid(operation, `too many arguments: the call is written ${shape}`);
}
