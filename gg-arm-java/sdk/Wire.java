// The hand-written half of gg's Java SDK: the wire's two imports (TeaVM's @Import), the call that
// turns an err reply into gg.ApiError, and a small JSON writer and reader over the wire's UTF-8. build.rs generates the
// families, the types and their JSON (Codec) beside it.
package gg;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;
import org.teavm.interop.Address;
import org.teavm.interop.Import;

final class Wire {
    private Wire() {}

    @Import(module = "gg-wire", name = "call")
    private static native int wireCall(Address op, int opLen, Address args, int argsLen);

    @Import(module = "gg-wire", name = "read")
    private static native int wireRead(Address dst, int len);

    private static final byte[] EMPTY = new byte[1];

    /**
     * One call on the wire: the reply's JSON, parsed. The arguments go out as UTF-8 written straight
     * from the builder, and the reply is parsed from its bytes, each string decoded once at its
     * exact size: a 10 MB file's text is not copied through a charset's growing buffers (which made
     * a 10 MB `writeFile`/`readFile` round trip out of memory under 256 MiB).
     */
    static Object raw(String op, CharSequence args) {
        byte[] o = utf8(op);
        byte[] a = utf8(args);
        int n = wireCall(Address.ofData(o.length == 0 ? EMPTY : o), o.length, Address.ofData(a.length == 0 ? EMPTY : a), a.length);
        a = null;
        byte[] r = new byte[Math.max(n, 1)];
        int got = wireRead(Address.ofData(r), n);
        return new Reader(r, Math.max(0, Math.min(got, n))).parse();
    }

    /** `s` as UTF-8, sized exactly (a lone surrogate, which `str` escapes, as its own three bytes). */
    static byte[] utf8(CharSequence s) {
        int n = s.length();
        int size = 0;
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c < 0x80) size++;
            else if (c < 0x800) size += 2;
            else if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) { size += 4; i++; }
            else size += 3;
        }
        byte[] b = new byte[size];
        int k = 0;
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                b[k++] = (byte) c;
            } else if (c < 0x800) {
                b[k++] = (byte) (0xc0 | c >> 6);
                b[k++] = (byte) (0x80 | c & 0x3f);
            } else if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
                int p = Character.toCodePoint(c, s.charAt(++i));
                b[k++] = (byte) (0xf0 | p >> 18);
                b[k++] = (byte) (0x80 | p >> 12 & 0x3f);
                b[k++] = (byte) (0x80 | p >> 6 & 0x3f);
                b[k++] = (byte) (0x80 | p & 0x3f);
            } else {
                b[k++] = (byte) (0xe0 | c >> 12);
                b[k++] = (byte) (0x80 | c >> 6 & 0x3f);
                b[k++] = (byte) (0x80 | c & 0x3f);
            }
        }
        return b;
    }

    /** Calls operation `op` with its JSON arguments: the `ok` value, or throws {@link ApiError}. */
    static Object call(String op, CharSequence args) {
        Map<String, Object> reply = obj(raw(op, args));
        Object err = reply.get("err");
        if (err != null) throw Codec.decApiError(err);
        return reply.get("ok");
    }

    static void ignore(Object o) {}

    static IllegalStateException badReply(String what) {
        return new IllegalStateException("gg SDK: the host's reply does not fit " + what);
    }

    // ---- writing

    /**
     * `s` as a JSON string. Runs of plain characters are appended whole, the builder grown once to
     * fit; a lone surrogate (which UTF-8 cannot carry) is written as its `\\u` escape, which the
     * host refuses as an invalid argument, as every arm's host refuses it.
     */
    static void str(StringBuilder o, String s) {
        if (s == null) throw new NullPointerException("a string argument is null");
        int n = s.length();
        o.ensureCapacity(o.length() + n + 2);
        o.append('"');
        int run = 0;
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            boolean lone = Character.isSurrogate(c) && !(Character.isHighSurrogate(c) && i + 1 < n
                    && Character.isLowSurrogate(s.charAt(i + 1)));
            if (Character.isHighSurrogate(c) && !lone) {
                i++;
                continue;
            }
            if (c >= ' ' && c != '"' && c != '\\' && !lone) continue;
            o.append(s, run, i);
            run = i + 1;
            switch (c) {
                case '"': o.append("\\\""); break;
                case '\\': o.append("\\\\"); break;
                case '\n': o.append("\\n"); break;
                case '\r': o.append("\\r"); break;
                case '\t': o.append("\\t"); break;
                default: {
                    String h = Integer.toHexString(c);
                    o.append("\\u");
                    for (int k = h.length(); k < 4; k++) o.append('0');
                    o.append(h);
                }
            }
        }
        o.append(s, run, n);
        o.append('"');
    }

    /** `s` with each lone surrogate replaced by U+FFFD. */
    static String wellFormed(String s) {
        StringBuilder b = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                i++;
                continue;
            }
            if (!Character.isSurrogate(c)) continue;
            if (b == null) b = new StringBuilder(s);
            b.setCharAt(i, '\ufffd');
        }
        return b == null ? s : b.toString();
    }

    /**
     * A number; NaN and the infinities, which JSON cannot spell, go as the strings `"NaN"`,
     * `"Infinity"` and `"-Infinity"`, which the host refuses as an invalid argument (`null` would
     * have been an option left out, and a NaN timeout taken as the default).
     */
    static void num(StringBuilder o, double d) {
        if (Double.isNaN(d) || Double.isInfinite(d)) str(o, Double.toString(d));
        else if (d == Math.floor(d) && Math.abs(d) < 1e15) o.append((long) d);
        else o.append(d);
    }

    static <T> void list(StringBuilder o, List<T> xs, Consumer<T> each) {
        if (xs == null) throw new NullPointerException("a list argument is null");
        o.append('[');
        boolean first = true;
        for (T x : xs) {
            if (!first) o.append(',');
            first = false;
            each.accept(x);
        }
        o.append(']');
    }

    // ---- reading

    @SuppressWarnings("unchecked")
    static Map<String, Object> obj(Object j) {
        if (j instanceof Map) return (Map<String, Object>) j;
        throw badReply("an object");
    }

    static String string(Object j) {
        if (j instanceof String) return (String) j;
        throw badReply("a string");
    }

    static boolean bool(Object j) {
        if (j instanceof Boolean) return (Boolean) j;
        throw badReply("a boolean");
    }

    static long lng(Object j) {
        if (j instanceof Long) return (Long) j;
        if (j instanceof Double) return (long) (double) (Double) j;
        throw badReply("an integer");
    }

    static double dbl(Object j) {
        if (j instanceof Long) return (double) (long) (Long) j;
        if (j instanceof Double) return (Double) j;
        throw badReply("a number");
    }

    static <T> List<T> map(Object j, Function<Object, T> f) {
        if (!(j instanceof List)) throw badReply("an array");
        List<T> out = new ArrayList<>();
        for (Object x : (List<?>) j) out.add(f.apply(x));
        return out;
    }

    static <T> T opt(Object j, Function<Object, T> f) {
        return j == null ? null : f.apply(j);
    }

    /**
     * Parses one JSON text from its UTF-8 bytes: objects to maps, arrays to lists, integers to
     * Long, other numbers to Double; a string decoded once, into an array of its exact length.
     */
    static final class Reader {
        private final byte[] s;
        private final int end;
        private int i;

        Reader(byte[] s, int end) {
            this.s = s;
            this.end = end;
        }

        Object parse() {
            Object v = value();
            ws();
            if (i != end) throw badReply("JSON (trailing text)");
            return v;
        }

        private void ws() {
            while (i < end && (s[i] == ' ' || s[i] == '\n' || s[i] == '\r' || s[i] == '\t')) i++;
        }

        private int next() {
            if (i >= end) throw badReply("JSON (it ends early)");
            return s[i++] & 0xff;
        }

        private Object value() {
            ws();
            if (i >= end) throw badReply("JSON (it ends early)");
            int c = s[i] & 0xff;
            switch (c) {
                case '{': {
                    i++;
                    Map<String, Object> m = new LinkedHashMap<>();
                    ws();
                    if (i < end && s[i] == '}') { i++; return m; }
                    while (true) {
                        ws();
                        String k = string();
                        ws();
                        if (next() != ':') throw badReply("JSON (a colon)");
                        m.put(k, value());
                        ws();
                        int d = next();
                        if (d == '}') return m;
                        if (d != ',') throw badReply("JSON (a comma)");
                    }
                }
                case '[': {
                    i++;
                    List<Object> l = new ArrayList<>();
                    ws();
                    if (i < end && s[i] == ']') { i++; return l; }
                    while (true) {
                        l.add(value());
                        ws();
                        int d = next();
                        if (d == ']') return l;
                        if (d != ',') throw badReply("JSON (a comma)");
                    }
                }
                case '"': return string();
                case 't': i += 4; return Boolean.TRUE;
                case 'f': i += 5; return Boolean.FALSE;
                case 'n': i += 4; return null;
                default: {
                    int start = i;
                    boolean integral = true;
                    if (c == '-') i++;
                    while (i < end) {
                        int d = s[i];
                        if (d >= '0' && d <= '9') { i++; continue; }
                        if (d == '.' || d == 'e' || d == 'E' || d == '+' || d == '-') { integral = false; i++; continue; }
                        break;
                    }
                    String text = new String(s, start, i - start, StandardCharsets.US_ASCII);
                    if (integral) {
                        try {
                            return Long.parseLong(text);
                        } catch (NumberFormatException e) {
                            return Double.parseDouble(text);
                        }
                    }
                    return Double.parseDouble(text);
                }
            }
        }

        /** The string at `i`: its UTF-16 length counted first, then decoded into exactly that. */
        private String string() {
            if (next() != '"') throw badReply("JSON (a string)");
            int units = 0;
            int j = i;
            while (true) {
                if (j >= end) throw badReply("JSON (it ends early)");
                int b = s[j] & 0xff;
                if (b == '"') break;
                if (b == '\\') {
                    if (j + 1 < end && s[j + 1] == 'u') j += 6;
                    else j += 2;
                    units++;
                } else if (b < 0x80) { j++; units++; }
                else if (b < 0xe0) { j += 2; units++; }
                else if (b < 0xf0) { j += 3; units++; }
                else { j += 4; units += 2; }
            }
            char[] out = new char[units];
            int k = 0;
            while (k < units) {
                int b = next();
                if (b == '\\') {
                    int e = next();
                    switch (e) {
                        case 'n': out[k++] = '\n'; break;
                        case 't': out[k++] = '\t'; break;
                        case 'r': out[k++] = '\r'; break;
                        case 'b': out[k++] = '\b'; break;
                        case 'f': out[k++] = '\f'; break;
                        case 'u': {
                            if (i + 4 > end) throw badReply("JSON (it ends early)");
                            out[k++] = (char) Integer.parseInt(new String(s, i, 4, StandardCharsets.US_ASCII), 16);
                            i += 4;
                            break;
                        }
                        default: out[k++] = (char) e;
                    }
                } else if (b < 0x80) {
                    out[k++] = (char) b;
                } else if (b < 0xe0) {
                    out[k++] = (char) ((b & 0x1f) << 6 | next() & 0x3f);
                } else if (b < 0xf0) {
                    out[k++] = (char) ((b & 0x0f) << 12 | (next() & 0x3f) << 6 | next() & 0x3f);
                } else {
                    int p = (b & 0x07) << 18 | (next() & 0x3f) << 12 | (next() & 0x3f) << 6 | next() & 0x3f;
                    out[k++] = Character.highSurrogate(p);
                    out[k++] = Character.lowSurrogate(p);
                }
            }
            if (next() != '"') throw badReply("JSON (a string)");
            return new String(out);
        }
    }
}
