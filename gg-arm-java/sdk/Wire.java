// The hand-written half of gg's Java SDK: the wire's two imports (TeaVM's @Import), the call that
// turns an err reply into gg.ApiError, and a small JSON writer and reader. build.rs generates the
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

    /** One call on the wire: the reply's text. */
    static String raw(String op, String args) {
        byte[] o = op.getBytes(StandardCharsets.UTF_8);
        byte[] a = args.getBytes(StandardCharsets.UTF_8);
        int n = wireCall(Address.ofData(o.length == 0 ? EMPTY : o), o.length, Address.ofData(a.length == 0 ? EMPTY : a), a.length);
        byte[] r = new byte[Math.max(n, 1)];
        int got = wireRead(Address.ofData(r), n);
        return new String(r, 0, Math.min(got, n), StandardCharsets.UTF_8);
    }

    /** Calls operation `op` with its JSON arguments: the `ok` value, or throws {@link ApiError}. */
    static Object call(String op, String args) {
        Map<String, Object> reply = obj(new Reader(raw(op, args)).parse());
        Object err = reply.get("err");
        if (err != null) throw Codec.decApiError(err);
        return reply.get("ok");
    }

    static void ignore(Object o) {}

    static IllegalStateException badReply(String what) {
        return new IllegalStateException("gg SDK: the host's reply does not fit " + what);
    }

    // ---- writing

    static void str(StringBuilder o, String s) {
        if (s == null) throw new NullPointerException("a string argument is null");
        o.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"': o.append("\\\""); break;
                case '\\': o.append("\\\\"); break;
                case '\n': o.append("\\n"); break;
                case '\r': o.append("\\r"); break;
                case '\t': o.append("\\t"); break;
                default:
                    if (c < ' ') {
                        String h = Integer.toHexString(c);
                        o.append("\\u");
                        for (int k = h.length(); k < 4; k++) o.append('0');
                        o.append(h);
                    } else {
                        o.append(c);
                    }
            }
        }
        o.append('"');
    }

    static void num(StringBuilder o, double d) {
        if (Double.isNaN(d) || Double.isInfinite(d)) o.append("null");
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

    /** Parses one JSON text: objects to maps, arrays to lists, integers to Long, other numbers to Double. */
    static final class Reader {
        private final String s;
        private int i;

        Reader(String s) {
            this.s = s;
        }

        Object parse() {
            Object v = value();
            ws();
            if (i != s.length()) throw badReply("JSON (trailing text)");
            return v;
        }

        private void ws() {
            while (i < s.length() && (s.charAt(i) == ' ' || s.charAt(i) == '\n' || s.charAt(i) == '\r' || s.charAt(i) == '\t')) i++;
        }

        private char next() {
            if (i >= s.length()) throw badReply("JSON (it ends early)");
            return s.charAt(i++);
        }

        private Object value() {
            ws();
            if (i >= s.length()) throw badReply("JSON (it ends early)");
            char c = s.charAt(i);
            switch (c) {
                case '{': {
                    i++;
                    Map<String, Object> m = new LinkedHashMap<>();
                    ws();
                    if (i < s.length() && s.charAt(i) == '}') { i++; return m; }
                    while (true) {
                        ws();
                        String k = string();
                        ws();
                        if (next() != ':') throw badReply("JSON (a colon)");
                        m.put(k, value());
                        ws();
                        char d = next();
                        if (d == '}') return m;
                        if (d != ',') throw badReply("JSON (a comma)");
                    }
                }
                case '[': {
                    i++;
                    List<Object> l = new ArrayList<>();
                    ws();
                    if (i < s.length() && s.charAt(i) == ']') { i++; return l; }
                    while (true) {
                        l.add(value());
                        ws();
                        char d = next();
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
                    while (i < s.length()) {
                        char d = s.charAt(i);
                        if (d >= '0' && d <= '9') { i++; continue; }
                        if (d == '.' || d == 'e' || d == 'E' || d == '+' || d == '-') { integral = false; i++; continue; }
                        break;
                    }
                    String text = s.substring(start, i);
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

        private String string() {
            if (next() != '"') throw badReply("JSON (a string)");
            StringBuilder b = new StringBuilder();
            while (true) {
                char c = next();
                if (c == '"') return b.toString();
                if (c != '\\') { b.append(c); continue; }
                char e = next();
                switch (e) {
                    case 'n': b.append('\n'); break;
                    case 't': b.append('\t'); break;
                    case 'r': b.append('\r'); break;
                    case 'b': b.append('\b'); break;
                    case 'f': b.append('\f'); break;
                    case 'u': b.append((char) Integer.parseInt(s.substring(i, i + 4), 16)); i += 4; break;
                    default: b.append(e);
                }
            }
        }
    }
}
