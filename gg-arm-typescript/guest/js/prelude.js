// sdk:prelude: the globals quickjs does not carry (console, TextEncoder, TextDecoder,
// structuredClone, crypto), the six named throwers, Math.random on a per-instance seed, performance
// on the run's clock, and the rendering of an uncaught value the guest reports. Evaluated once,
// before any program, as a function of the native helpers `N`; nothing here stays reachable by
// name but the globals.
(function (N) {
  "use strict";
  const G = globalThis;
  const define = (o, name, value) =>
    Object.defineProperty(o, name, { value, writable: true, configurable: true, enumerable: false });

  // ---- records: a gg record read at a field it lacks throws, naming the fields it has ----
  // Each record type's objects share one prototype, a Proxy whose `get` runs only for a key the
  // record does not own. Symbols, Object.prototype's names, `toJSON` and `then` (which
  // JSON.stringify and await look up) read through; anything else is a misspelt field.
  const READ_THROUGH = new Set(["toJSON", "then"]);
  N.setRecordProto((name, fields) => {
    const named = { [name]: function () {} }[name];
    const target = Object.create(Object.prototype, { constructor: { value: named, writable: true, configurable: true } });
    return new Proxy(target, {
      get(t, k, r) {
        if (typeof k === "symbol" || k in t || READ_THROUGH.has(k)) return Reflect.get(t, k, r);
        throw new TypeError(`${name} has no field \`${k}\`; its fields: ${fields.join(", ")}`);
      },
    });
  });

  // ---- inspect: how a value reads in a log line or beside an error's message ----
  const TYPED = Object.getPrototypeOf(Uint8Array);
  function inspect(v, depth = 0, seen = []) {
    switch (typeof v) {
      case "string":
        return depth === 0 ? v : JSON.stringify(v);
      case "number":
        return Object.is(v, -0) ? "-0" : String(v);
      case "bigint":
        return `${v}n`;
      case "undefined":
      case "boolean":
        return String(v);
      case "symbol":
        return v.toString();
      case "function": {
        const src = Function.prototype.toString.call(v);
        return src.startsWith("class") ? `[class ${v.name || "(anonymous)"}]` : `[Function: ${v.name || "(anonymous)"}]`;
      }
    }
    if (v === null) return "null";
    if (seen.includes(v)) return "[Circular]";
    if (v instanceof Error) return depth === 0 && typeof v.stack === "string" ? `${errorHead(v)}\n${v.stack.trimEnd()}` : `[${errorHead(v)}]`;
    if (v instanceof Date) return isNaN(v) ? "Invalid Date" : v.toISOString();
    if (v instanceof RegExp) return v.toString();
    if (v instanceof Promise) return "Promise {}";
    if (v instanceof WeakMap) return "WeakMap {}";
    if (v instanceof WeakSet) return "WeakSet {}";
    if (depth > 4) return Array.isArray(v) ? "[Array]" : "[Object]";
    const inner = seen.concat([v]);
    const show = (x) => inspect(x, depth + 1, inner);
    const list = (items, more) => {
      const parts = more > 0 ? items.concat([`... ${more} more item${more === 1 ? "" : "s"}`]) : items;
      return parts.length ? ` ${parts.join(", ")} ` : "";
    };
    if (Array.isArray(v)) {
      const items = [];
      for (let i = 0; i < Math.min(v.length, 100); i++) items.push(i in v ? show(v[i]) : "<empty>");
      for (const k of Object.keys(v)) if (!/^\d+$/.test(k)) items.push(`${key(k)}: ${show(v[k])}`);
      return `[${list(items, v.length - 100)}]`;
    }
    if (v instanceof TYPED) {
      const items = Array.prototype.slice.call(v, 0, 100).map(show);
      return `${v.constructor.name}(${v.length}) [${list(items, v.length - 100)}]`;
    }
    if (v instanceof ArrayBuffer) return `ArrayBuffer { byteLength: ${v.byteLength} }`;
    if (v instanceof Map) {
      const items = [];
      for (const [k, x] of v) if (items.length < 100) items.push(`${show(k)} => ${show(x)}`);
      return `Map(${v.size}) {${list(items, v.size - 100)}}`;
    }
    if (v instanceof Set) {
      const items = [];
      for (const x of v) if (items.length < 100) items.push(show(x));
      return `Set(${v.size}) {${list(items, v.size - 100)}}`;
    }
    const proto = Object.getPrototypeOf(v);
    const name = proto === null ? "[Object: null prototype] " : proto !== Object.prototype && proto.constructor && proto.constructor.name ? `${proto.constructor.name} ` : "";
    const keys = Object.keys(v);
    const items = keys.slice(0, 100).map((k) => `${key(k)}: ${show(v[k])}`);
    return `${name}{${list(items, keys.length - 100)}}`;
  }
  const key = (k) => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k));
  function errorHead(e) {
    let name, message;
    try { name = e.name; message = e.message; } catch { name = "Error"; message = ""; }
    name = name === undefined ? "Error" : String(name);
    message = message === undefined ? "" : String(message);
    return !message ? name : !name ? message : `${name}: ${message}`;
  }
  const format = (args) => args.map((a) => inspect(a)).join(" ");

  // ---- console: every line is one `feedback.log` ----
  const log = (...args) => N.log(format(args));
  const console = {};
  for (const m of ["log", "info", "debug", "warn", "error", "trace"]) define(console, m, log);
  define(console, "dir", (v) => N.log(inspect(v, 1)));
  define(console, "assert", (ok, ...args) => { if (!ok) N.log(format(["Assertion failed", ...args])); });
  define(G, "console", console);

  // ---- the six globals that cannot be honoured, each a named thrower ----
  const noLoop = "there is no event loop, so a scheduled callback would never run";
  for (const name of ["setTimeout", "setInterval", "clearTimeout", "clearInterval", "requestAnimationFrame"]) {
    define(G, name, { [name]() { throw new TypeError(`${name} is not available: ${noLoop}`); } }[name]);
  }
  define(G, "fetch", function fetch() {
    throw new TypeError("fetch is not available: this program's runtime is built without an HTTP client");
  });
  if (typeof G.queueMicrotask !== "function") {
    define(G, "queueMicrotask", function queueMicrotask(callback) {
      if (typeof callback !== "function") throw new TypeError("queueMicrotask takes a function");
      Promise.resolve().then(() => callback());
    });
  }
  delete G.Intl;

  // ---- Math.random and crypto, on the per-instance seed the guest draws ----
  define(Math, "random", function random() { return N.random(); });
  function getRandomValues(a) {
    if (!(a instanceof TYPED) || a instanceof Float32Array || a instanceof Float64Array) {
      throw new TypeError("crypto.getRandomValues takes an integer typed array");
    }
    if (a.byteLength > 65536) throw new RangeError(`crypto.getRandomValues fills at most 65536 bytes; ${a.byteLength} were asked for`);
    const bytes = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
    for (let i = 0; i < bytes.length; i += 4) {
      const r = N.randomU32();
      for (let j = 0; j < 4 && i + j < bytes.length; j++) bytes[i + j] = (r >>> (8 * j)) & 255;
    }
    return a;
  }
  function randomUUID() {
    const b = getRandomValues(new Uint8Array(16));
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    const h = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  }
  const crypto = {};
  define(crypto, "getRandomValues", getRandomValues);
  define(crypto, "randomUUID", randomUUID);
  define(G, "crypto", crypto);

  // ---- performance, on the run's clock: the engine's own counts from when its context was made,
  // which for a pre-initialised guest is the build, not this instance ----
  const performance = {};
  Object.defineProperty(performance, "now", { value: function now() { return N.now(); }, writable: true, configurable: true, enumerable: true });
  Object.defineProperty(performance, "timeOrigin", { get: function timeOrigin() { return N.timeOrigin(); }, configurable: true, enumerable: true });
  Object.defineProperty(G, "performance", { value: performance, writable: true, configurable: true, enumerable: true });

  // ---- TextEncoder / TextDecoder (UTF-8) ----
  function utf8(s) {
    const out = [];
    for (let i = 0; i < s.length; i++) {
      let c = s.charCodeAt(i);
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
        const d = s.charCodeAt(i + 1);
        if (d >= 0xdc00 && d <= 0xdfff) { c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00); i++; }
      }
      if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd;
      if (c < 0x80) out.push(c);
      else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
      else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
      else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    }
    return out;
  }
  class TextEncoder {
    get encoding() { return "utf-8"; }
    encode(input = "") { return new Uint8Array(utf8(String(input))); }
    encodeInto(input, dest) {
      const s = String(input);
      let read = 0, written = 0;
      for (const ch of s) {
        const bytes = utf8(ch);
        if (written + bytes.length > dest.length) break;
        dest.set(bytes, written);
        written += bytes.length;
        read += ch.length;
      }
      return { read, written };
    }
  }
  const LABELS = ["utf-8", "utf8", "unicode-1-1-utf-8"];
  class TextDecoder {
    #fatal; #ignoreBOM;
    constructor(label = "utf-8", options = {}) {
      if (!LABELS.includes(String(label).trim().toLowerCase())) throw new RangeError(`TextDecoder supports only utf-8, not ${JSON.stringify(String(label))}`);
      this.#fatal = !!(options && options.fatal);
      this.#ignoreBOM = !!(options && options.ignoreBOM);
    }
    get encoding() { return "utf-8"; }
    get fatal() { return this.#fatal; }
    get ignoreBOM() { return this.#ignoreBOM; }
    decode(input) {
      if (input === undefined) return "";
      let b;
      if (input instanceof ArrayBuffer) b = new Uint8Array(input);
      else if (ArrayBuffer.isView(input)) b = new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
      else throw new TypeError("TextDecoder.decode takes an ArrayBuffer or a view of one");
      let i = 0, out = "", chunk = [];
      if (!this.#ignoreBOM && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) i = 3;
      const bad = () => {
        if (this.#fatal) throw new TypeError("The encoded data was not valid utf-8");
        return 0xfffd;
      };
      while (i < b.length) {
        const c = b[i];
        let cp, n = 0, min = 0;
        if (c < 0x80) { cp = c; }
        else if (c >= 0xc2 && c < 0xe0) { cp = c & 31; n = 1; min = 0x80; }
        else if (c >= 0xe0 && c < 0xf0) { cp = c & 15; n = 2; min = 0x800; }
        else if (c >= 0xf0 && c < 0xf5) { cp = c & 7; n = 3; min = 0x10000; }
        else { cp = bad(); }
        let j = 1;
        for (; j <= n; j++) {
          const d = b[i + j];
          if (d === undefined || (d & 0xc0) !== 0x80) break;
          cp = (cp << 6) | (d & 63);
        }
        if (j <= n || cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) { cp = bad(); i += Math.max(1, j); }
        else i += n + 1;
        chunk.push(cp);
        if (chunk.length >= 4096) { out += String.fromCodePoint(...chunk); chunk = []; }
      }
      return out + String.fromCodePoint(...chunk);
    }
  }
  define(G, "TextEncoder", TextEncoder);
  define(G, "TextDecoder", TextDecoder);

  // ---- structuredClone ----
  function cloneError(what) {
    const e = new Error(`${what} could not be cloned.`);
    e.name = "DataCloneError";
    return e;
  }
  function structuredClone(value) {
    const seen = new Map();
    const clone = (v) => {
      if (typeof v === "function") throw cloneError(inspect(v, 1));
      if (typeof v === "symbol") throw cloneError(v.toString());
      if (v === null || typeof v !== "object") return v;
      if (seen.has(v)) return seen.get(v);
      let out;
      if (v instanceof Date) out = new Date(v.getTime());
      else if (v instanceof RegExp) out = new RegExp(v.source, v.flags);
      else if (v instanceof ArrayBuffer) out = v.slice(0);
      else if (v instanceof DataView) out = new DataView(clone(v.buffer), v.byteOffset, v.byteLength);
      else if (v instanceof TYPED) out = new v.constructor(clone(v.buffer), v.byteOffset, v.length);
      else if (v instanceof Boolean || v instanceof Number || v instanceof String) out = Object(v.valueOf());
      else if (v instanceof Promise || v instanceof WeakMap || v instanceof WeakSet) throw cloneError(inspect(v, 1));
      if (out !== undefined) { seen.set(v, out); return out; }
      if (v instanceof Map) {
        out = new Map(); seen.set(v, out);
        for (const [k, x] of v) out.set(clone(k), clone(x));
        return out;
      }
      if (v instanceof Set) {
        out = new Set(); seen.set(v, out);
        for (const x of v) out.add(clone(x));
        return out;
      }
      if (v instanceof Error) {
        const Ctor = { EvalError, RangeError, ReferenceError, SyntaxError, TypeError, URIError }[v.name] || Error;
        out = new Ctor(v.message); seen.set(v, out);
        if (typeof v.stack === "string") define(out, "stack", v.stack);
        return out;
      }
      out = Array.isArray(v) ? new Array(v.length) : {};
      seen.set(v, out);
      for (const k of Object.keys(v)) out[k] = clone(v[k]);
      return out;
    };
    return clone(value);
  }
  define(G, "structuredClone", structuredClone);

  // ---- rendering an uncaught value, with the SDK's frames struck ----
  const FRAME = /^\s*at (?:(.*?) \()?(.*?)\)?$/;
  const LOCATED = /^(program\.js|lib:[^:]+):(\d+):(\d+)$/;
  function render(value, prefix) {
    let head, stack = "", kind = "other", code = null;
    const isError = value instanceof Error || (value !== null && typeof value === "object" && typeof value.stack === "string");
    if (isError) {
      head = errorHead(value);
      let own = [];
      try { own = Object.keys(value).filter((k) => k !== "stack" && k !== "message" && k !== "name"); } catch {}
      if (own.length) {
        const props = own.map((k) => { let x; try { x = inspect(value[k], 1); } catch { x = "?"; } return `${key(k)}: ${x}`; });
        head += ` { ${props.join(", ")} }`;
      }
      try { stack = typeof value.stack === "string" ? value.stack : ""; } catch {}
      let name = "";
      try { name = String(value.name); } catch {}
      // The SDK marks a name a family lacks (sdk:gg's `family`) as a ReferenceError is marked.
      let lacked = false;
      try { lacked = value[Symbol.for("gg.unknown-name")] === true; } catch {}
      if (name === "ReferenceError" || lacked) kind = "unknown-name";
      let c, op;
      try { c = value.code; op = value.operation; } catch {}
      if (typeof c === "string" && typeof op === "string") { kind = "api-failure"; code = c; }
    } else {
      head = `Uncaught ${inspect(value, 1)}`;
    }
    const kept = [];
    let struck = 0, file = null, line = 0, column = 0;
    for (const l of stack.split("\n")) {
      if (!l.trim()) continue;
      const m = FRAME.exec(l);
      const loc = m ? m[2] : "";
      if (loc.startsWith("sdk:") || loc === "native") { struck++; continue; }
      kept.push(l);
      const at = LOCATED.exec(loc);
      if (at && file === null) { file = at[1]; line = +at[2]; column = +at[3]; }
    }
    let text = (prefix || "") + head;
    if (kept.length) text += "\n" + kept.join("\n");
    if (struck) text += `\n    … ${struck} gg SDK frame${struck === 1 ? "" : "s"} struck`;
    return { text, kind, code, file, line, column };
  }
  return render;
});
