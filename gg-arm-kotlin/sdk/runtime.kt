// The hand-written half of gg's Kotlin SDK: the wire's two imports, a small JSON writer and
// reader, the call that turns an err reply into gg.ApiError, `exitProcess`, and `runProgram`, which
// the arm's appended `main` wraps the program's own main in so an uncaught exception is reported
// through feedback.report_error. build.rs generates the types and calls beside it (gg.kt).
@file:OptIn(kotlin.wasm.ExperimentalWasmInterop::class, kotlin.wasm.unsafe.UnsafeWasmMemoryApi::class)

package gg

import kotlin.wasm.WasmImport
import kotlin.wasm.unsafe.withScopedMemoryAllocator

@WasmImport("gg-wire", "call")
private external fun ggWireCall(op: Int, opLen: Int, args: Int, argsLen: Int): Int

@WasmImport("gg-wire", "read")
private external fun ggWireRead(dst: Int, len: Int): Int

@WasmImport("wasi_snapshot_preview1", "proc_exit")
private external fun wasiProcExit(code: Int)

/** Ends the program now with exit status [status]. */
fun exitProcess(status: Int): Nothing {
    wasiProcExit(status)
    throw IllegalStateException("proc_exit returned")
}

/**
 * One call on the wire: the reply's JSON, parsed. The arguments go into linear memory as UTF-8
 * written straight from the builder, and the reply is parsed where the host wrote it, each string
 * decoded once at its exact size: a 10 MB file's text is not copied through byte arrays, whole
 * reply strings and growing builders (which made a 10 MB `writeFile`/`readFile` round trip out of
 * memory under 256 MiB).
 */
internal fun rawCall(op: String, args: CharSequence): Any? = withScopedMemoryAllocator { alloc ->
    val oSize = utf8Size(op)
    val po = alloc.allocate(maxOf(oSize, 1))
    utf8Store(op, po)
    val aSize = utf8Size(args)
    val pa = alloc.allocate(maxOf(aSize, 1))
    utf8Store(args, pa)
    val n = ggWireCall(po.address.toInt(), oSize, pa.address.toInt(), aSize)
    val pr = alloc.allocate(maxOf(n, 1))
    val got = ggWireRead(pr.address.toInt(), n)
    JsonReader(pr, maxOf(0, minOf(got, n))).parse()
}

/** The UTF-8 bytes of [s] (a lone surrogate, which [jStr] escapes, as its own three). */
private fun utf8Size(s: CharSequence): Int {
    var size = 0
    var i = 0
    val n = s.length
    while (i < n) {
        val c = s[i]
        size += when {
            c.code < 0x80 -> 1
            c.code < 0x800 -> 2
            c.isHighSurrogate() && i + 1 < n && s[i + 1].isLowSurrogate() -> { i++; 4 }
            else -> 3
        }
        i++
    }
    return size
}

/** Writes [s] as UTF-8 at [at] ([utf8Size] bytes). */
private fun utf8Store(s: CharSequence, at: kotlin.wasm.unsafe.Pointer) {
    var p = at
    fun put(b: Int) {
        p.storeByte(b.toByte())
        p += 1
    }
    var i = 0
    val n = s.length
    while (i < n) {
        val c = s[i].code
        when {
            c < 0x80 -> put(c)
            c < 0x800 -> { put(0xc0 or (c shr 6)); put(0x80 or (c and 0x3f)) }
            s[i].isHighSurrogate() && i + 1 < n && s[i + 1].isLowSurrogate() -> {
                val cp = 0x10000 + ((c - 0xd800) shl 10) + (s[i + 1].code - 0xdc00)
                i++
                put(0xf0 or (cp shr 18)); put(0x80 or ((cp shr 12) and 0x3f))
                put(0x80 or ((cp shr 6) and 0x3f)); put(0x80 or (cp and 0x3f))
            }
            else -> { put(0xe0 or (c shr 12)); put(0x80 or ((c shr 6) and 0x3f)); put(0x80 or (c and 0x3f)) }
        }
        i++
    }
}

/** Calls operation [op] with its JSON arguments; the `ok` value, or throws [ApiError]. */
internal fun wireCall(op: String, args: CharSequence): Any? {
    val reply = jObj(rawCall(op, args))
    val err = reply["err"]
    if (err != null) {
        val e = jObj(err)
        throw ApiError(decErrorCode(e["code"]), jString(e["operation"]), jString(e["message"]))
    }
    return reply["ok"]
}

private var reported = false

private fun report(kind: String, code: ErrorCode?, message: String) {
    if (reported) return
    reported = true
    val o = StringBuilder("{\"error\":{\"kind\":")
    jStr(o, kind)
    o.append(",\"code\":")
    if (code == null) o.append("null") else jStr(o, code.wit)
    o.append(",\"message\":")
    // A lone surrogate in the message (which the wire refuses in an argument) becomes U+FFFD, as
    // every arm logs it: the report must reach the host.
    jStr(o, wellFormed(message))
    o.append(",\"location\":null}}")
    rawCall("feedback.report_error", o)
}

/**
 * Runs the program's own `main`: an exception that escapes it is reported as the program's error
 * (its class and message; a [ApiError] as an api failure with its code) and the program ends
 * cleanly, which gg reads as the program's error with that report.
 */
fun runProgram(main: () -> Unit) {
    try {
        main()
    } catch (e: ApiError) {
        report("api-failure", e.code, "uncaught gg.ApiError (${e.code}) from ${e.operation}: ${e.message}")
    } catch (e: Throwable) {
        val name = e::class.qualifiedName ?: e::class.simpleName ?: "Throwable"
        report("other", null, if (e.message == null) "uncaught $name" else "uncaught $name: ${e.message}")
    }
}

// ---- JSON

internal fun badReply(what: String): Nothing =
    throw IllegalStateException("gg SDK: the host's reply does not fit $what")

/**
 * [s] as a JSON string. Runs of plain characters are appended whole, the builder grown once to fit;
 * a lone surrogate (which UTF-8 cannot carry) is written as its `\\u` escape, which the host
 * refuses as an invalid argument, as every arm's host refuses it.
 */
internal fun jStr(o: StringBuilder, s: String) {
    val n = s.length
    o.ensureCapacity(o.length + n + 2)
    o.append('"')
    var run = 0
    var i = 0
    while (i < n) {
        val c = s[i]
        val paired = c.isHighSurrogate() && i + 1 < n && s[i + 1].isLowSurrogate()
        if (paired) { i += 2; continue }
        if (c >= ' ' && c != '"' && c != '\\' && !c.isSurrogate()) { i++; continue }
        o.appendRange(s, run, i)
        run = i + 1
        when (c) {
            '"' -> o.append("\\\"")
            '\\' -> o.append("\\\\")
            '\n' -> o.append("\\n")
            '\r' -> o.append("\\r")
            '\t' -> o.append("\\t")
            else -> {
                o.append("\\u")
                val h = c.code.toString(16)
                repeat(4 - h.length) { o.append('0') }
                o.append(h)
            }
        }
        i++
    }
    o.appendRange(s, run, n)
    o.append('"')
}

/** [s] with each lone surrogate replaced by U+FFFD. */
internal fun wellFormed(s: String): String {
    var b: StringBuilder? = null
    var i = 0
    while (i < s.length) {
        val c = s[i]
        if (c.isHighSurrogate() && i + 1 < s.length && s[i + 1].isLowSurrogate()) { i += 2; continue }
        if (c.isSurrogate()) {
            if (b == null) b = StringBuilder(s)
            b[i] = '\ufffd'
        }
        i++
    }
    return b?.toString() ?: s
}

/**
 * A number; NaN and the infinities, which JSON cannot spell, go as the strings `"NaN"`,
 * `"Infinity"` and `"-Infinity"`, which the host refuses as an invalid argument (`null` would have
 * been an option left out, and a NaN timeout taken as the default).
 */
internal fun jNum(o: StringBuilder, d: Double) {
    if (d.isNaN() || d.isInfinite()) jStr(o, d.toString())
    else if (d == kotlin.math.floor(d) && kotlin.math.abs(d) < 1e15) o.append(d.toLong()) else o.append(d)
}

internal inline fun <T> jList(o: StringBuilder, xs: List<T>, each: (T) -> Unit) {
    o.append('[')
    for ((i, x) in xs.withIndex()) {
        if (i > 0) o.append(',')
        each(x)
    }
    o.append(']')
}

@Suppress("UNCHECKED_CAST")
internal fun jObj(j: Any?): Map<String, Any?> = j as? Map<String, Any?> ?: badReply("an object")
internal fun jArr(j: Any?): List<Any?> = j as? List<Any?> ?: badReply("an array")
internal fun jString(j: Any?): String = j as? String ?: badReply("a string")
internal fun jBool(j: Any?): Boolean = j as? Boolean ?: badReply("a boolean")
internal fun jLong(j: Any?): Long = when (j) {
    is Long -> j
    is Double -> j.toLong()
    else -> badReply("an integer")
}
internal fun jDouble(j: Any?): Double = when (j) {
    is Long -> j.toDouble()
    is Double -> j
    else -> badReply("a number")
}

/**
 * Parses one JSON text from its UTF-8 bytes in linear memory ([end] of them from [at]): objects
 * to maps, arrays to lists, integers to Long, other numbers to Double; a string decoded once, into
 * an array of its exact length.
 */
internal class JsonReader(private val at: kotlin.wasm.unsafe.Pointer, private val end: Int) {
    private var i = 0

    private fun byte(k: Int): Int = (at + k).loadByte().toInt() and 0xff

    private fun peek(): Int = if (i < end) byte(i) else badReply("JSON (it ends early)")

    private fun next(): Int = peek().also { i++ }

    fun parse(): Any? {
        val v = value()
        ws()
        if (i != end) badReply("JSON (trailing text)")
        return v
    }

    private fun ws() {
        while (i < end) {
            val b = byte(i)
            if (b != ' '.code && b != '\n'.code && b != '\r'.code && b != '\t'.code) return
            i++
        }
    }

    private fun value(): Any? {
        ws()
        val c = peek()
        return when (c) {
            '{'.code -> {
                i++
                val m = LinkedHashMap<String, Any?>()
                ws()
                if (peek() == '}'.code) { i++; return m }
                while (true) {
                    ws()
                    val k = string()
                    ws()
                    if (next() != ':'.code) badReply("JSON (a colon)")
                    m[k] = value()
                    ws()
                    val d = next()
                    if (d == '}'.code) break
                    if (d != ','.code) badReply("JSON (a comma)")
                }
                m
            }
            '['.code -> {
                i++
                val l = ArrayList<Any?>()
                ws()
                if (peek() == ']'.code) { i++; return l }
                while (true) {
                    l.add(value())
                    ws()
                    val d = next()
                    if (d == ']'.code) break
                    if (d != ','.code) badReply("JSON (a comma)")
                }
                l
            }
            '"'.code -> string()
            't'.code -> { i += 4; true }
            'f'.code -> { i += 5; false }
            'n'.code -> { i += 4; null }
            else -> {
                val text = StringBuilder()
                if (c == '-'.code) { text.append('-'); i++ }
                var integral = true
                while (i < end) {
                    val d = byte(i).toChar()
                    if (!(d.isDigit() || d == '.' || d == 'e' || d == 'E' || d == '+' || d == '-')) break
                    if (!d.isDigit()) integral = false
                    text.append(d)
                    i++
                }
                val t = text.toString()
                if (integral) t.toLongOrNull() ?: t.toDouble() else t.toDouble()
            }
        }
    }

    /** The string at `i`: its UTF-16 length counted first, then decoded into exactly that. */
    private fun string(): String {
        if (next() != '"'.code) badReply("JSON (a string)")
        var units = 0
        var j = i
        while (true) {
            if (j >= end) badReply("JSON (it ends early)")
            val b = byte(j)
            if (b == '"'.code) break
            when {
                b == '\\'.code -> { j += if (j + 1 < end && byte(j + 1) == 'u'.code) 6 else 2; units++ }
                b < 0x80 -> { j++; units++ }
                b < 0xe0 -> { j += 2; units++ }
                b < 0xf0 -> { j += 3; units++ }
                else -> { j += 4; units += 2 }
            }
        }
        val out = CharArray(units)
        var k = 0
        while (k < units) {
            val b = next()
            when {
                b == '\\'.code -> {
                    out[k++] = when (val e = next()) {
                        'n'.code -> '\n'
                        't'.code -> '\t'
                        'r'.code -> '\r'
                        'b'.code -> '\b'
                        'f'.code -> '\u000c'
                        'u'.code -> {
                            var v = 0
                            repeat(4) { v = v * 16 + next().toChar().digitToInt(16) }
                            v.toChar()
                        }
                        else -> e.toChar()
                    }
                }
                b < 0x80 -> out[k++] = b.toChar()
                b < 0xe0 -> out[k++] = (((b and 0x1f) shl 6) or (next() and 0x3f)).toChar()
                b < 0xf0 -> out[k++] = (((b and 0x0f) shl 12) or ((next() and 0x3f) shl 6) or (next() and 0x3f)).toChar()
                else -> {
                    val cp = ((b and 0x07) shl 18) or ((next() and 0x3f) shl 12) or ((next() and 0x3f) shl 6) or (next() and 0x3f)
                    out[k++] = (0xd800 + ((cp - 0x10000) shr 10)).toChar()
                    out[k++] = (0xdc00 + ((cp - 0x10000) and 0x3ff)).toChar()
                }
            }
        }
        if (next() != '"'.code) badReply("JSON (a string)")
        return out.concatToString()
    }
}
