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

internal fun rawCall(op: String, args: String): String = withScopedMemoryAllocator { alloc ->
    val o = op.encodeToByteArray()
    val a = args.encodeToByteArray()
    val po = alloc.allocate(maxOf(o.size, 1))
    for (i in o.indices) (po + i).storeByte(o[i])
    val pa = alloc.allocate(maxOf(a.size, 1))
    for (i in a.indices) (pa + i).storeByte(a[i])
    val n = ggWireCall(po.address.toInt(), o.size, pa.address.toInt(), a.size)
    val pr = alloc.allocate(maxOf(n, 1))
    ggWireRead(pr.address.toInt(), n)
    ByteArray(n) { (pr + it).loadByte() }.decodeToString()
}

/** Calls operation [op] with its JSON arguments; the `ok` value, or throws [ApiError]. */
internal fun wireCall(op: String, args: String): Any? {
    val reply = jObj(JsonReader(rawCall(op, args)).parse())
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
    jStr(o, message)
    o.append(",\"location\":null}}")
    rawCall("feedback.report_error", o.toString())
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

internal fun jStr(o: StringBuilder, s: String) {
    o.append('"')
    for (c in s) {
        when {
            c == '"' -> o.append("\\\"")
            c == '\\' -> o.append("\\\\")
            c == '\n' -> o.append("\\n")
            c == '\r' -> o.append("\\r")
            c == '\t' -> o.append("\\t")
            c < ' ' -> {
                o.append("\\u")
                val h = c.code.toString(16)
                repeat(4 - h.length) { o.append('0') }
                o.append(h)
            }
            else -> o.append(c)
        }
    }
    o.append('"')
}

internal fun jNum(o: StringBuilder, d: Double) {
    if (d.isNaN() || d.isInfinite()) o.append("null")
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

/** Parses one JSON text: objects to maps, arrays to lists, integers to Long, other numbers to Double. */
internal class JsonReader(private val s: String) {
    private var i = 0

    fun parse(): Any? {
        val v = value()
        ws()
        if (i != s.length) badReply("JSON (trailing text)")
        return v
    }

    private fun ws() {
        while (i < s.length && (s[i] == ' ' || s[i] == '\n' || s[i] == '\r' || s[i] == '\t')) i++
    }

    private fun value(): Any? {
        ws()
        if (i >= s.length) badReply("JSON (it ends early)")
        return when (val c = s[i]) {
            '{' -> {
                i++
                val m = LinkedHashMap<String, Any?>()
                ws()
                if (s[i] == '}') { i++; return m }
                while (true) {
                    ws()
                    val k = string()
                    ws()
                    if (s[i++] != ':') badReply("JSON (a colon)")
                    m[k] = value()
                    ws()
                    val d = s[i++]
                    if (d == '}') break
                    if (d != ',') badReply("JSON (a comma)")
                }
                m
            }
            '[' -> {
                i++
                val l = ArrayList<Any?>()
                ws()
                if (s[i] == ']') { i++; return l }
                while (true) {
                    l.add(value())
                    ws()
                    val d = s[i++]
                    if (d == ']') break
                    if (d != ',') badReply("JSON (a comma)")
                }
                l
            }
            '"' -> string()
            't' -> { i += 4; true }
            'f' -> { i += 5; false }
            'n' -> { i += 4; null }
            else -> {
                val start = i
                if (c == '-') i++
                var integral = true
                while (i < s.length && (s[i].isDigit() || s[i] == '.' || s[i] == 'e' || s[i] == 'E' || s[i] == '+' || s[i] == '-')) {
                    if (!s[i].isDigit()) integral = false
                    i++
                }
                val text = s.substring(start, i)
                if (integral) text.toLongOrNull() ?: text.toDouble() else text.toDouble()
            }
        }
    }

    private fun string(): String {
        if (s[i] != '"') badReply("JSON (a string)")
        i++
        val b = StringBuilder()
        while (true) {
            val c = s[i++]
            when (c) {
                '"' -> return b.toString()
                '\\' -> {
                    when (val e = s[i++]) {
                        'n' -> b.append('\n')
                        't' -> b.append('\t')
                        'r' -> b.append('\r')
                        'b' -> b.append('\b')
                        'f' -> b.append('\u000c')
                        'u' -> { b.append(s.substring(i, i + 4).toInt(16).toChar()); i += 4 }
                        else -> b.append(e)
                    }
                }
                else -> b.append(c)
            }
        }
    }
}
