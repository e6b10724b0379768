// `String.format` for Kotlin/Wasm, whose standard library has none (it is the JVM's): the
// `"%.2f".format(x)` and `String.format("%5d", n)` a model writes, with java.util.Formatter's
// meaning for what it covers: `%[index$][flags][width][.precision]` then d x X o f e E g G s S c C
// b B h H n %, flags `-#+ 0,(`; a fraction rounds half up from the number's shortest decimal
// digits, as Java's does. No locales: `,` groups by threes with ','. A missing argument or a
// conversion that does not fit its argument throws IllegalArgumentException, where Java throws its
// subclasses of it.
package gg

/** This text as a format, [args] in its specifiers, with java.util.Formatter's meaning. */
fun String.format(vararg args: Any?): String = formatLikeJava(this, args)

/** [format] with [args] in its specifiers, with java.util.Formatter's meaning. */
fun String.Companion.format(format: String, vararg args: Any?): String = formatLikeJava(format, args)

private class Spec(val text: String, val flags: String, val width: Int, val precision: Int, val conversion: Char) {
    fun has(flag: Char) = flags.indexOf(flag) >= 0
}

private fun formatLikeJava(format: String, args: Array<out Any?>): String {
    val out = StringBuilder()
    var i = 0
    var ordinary = 0
    var previous = -1
    while (i < format.length) {
        val c = format[i]
        if (c != '%') {
            out.append(c)
            i++
            continue
        }
        val start = i++
        var index = -1
        var j = i
        while (j < format.length && format[j].isDigit()) j++
        if (j > i && j < format.length && format[j] == '$') {
            index = format.substring(i, j).toInt() - 1
            i = j + 1
        } else if (i < format.length && format[i] == '<') {
            index = -2
            i++
        }
        val flags = StringBuilder()
        while (i < format.length && format[i] in "-#+ 0,(") flags.append(format[i++])
        j = i
        while (j < format.length && format[j].isDigit()) j++
        val width = if (j > i) format.substring(i, j).toInt() else -1
        i = j
        var precision = -1
        if (i < format.length && format[i] == '.') {
            j = i + 1
            while (j < format.length && format[j].isDigit()) j++
            if (j == i + 1) throw IllegalArgumentException("illegal precision in format specifier '${format.substring(start, j)}'")
            precision = format.substring(i + 1, j).toInt()
            i = j
        }
        if (i >= format.length) {
            throw IllegalArgumentException("format specifier '${format.substring(start)}' has no conversion")
        }
        val spec = Spec(format.substring(start, i + 1), flags.toString(), width, precision, format[i])
        i++
        when (spec.conversion) {
            '%' -> out.append(pad("%", spec))
            'n' -> out.append('\n')
            else -> {
                val at = when (index) {
                    -2 -> previous
                    -1 -> ordinary++
                    else -> index
                }
                if (at < 0 || at >= args.size) {
                    throw IllegalArgumentException("format specifier '${spec.text}' has no argument")
                }
                previous = at
                out.append(convert(spec, args[at]))
            }
        }
    }
    return out.toString()
}

private fun convert(spec: Spec, arg: Any?): String {
    val lower = spec.conversion.lowercaseChar()
    val text = when (lower) {
        's' -> pad(cut(arg.toString(), spec.precision), spec)
        'b' -> pad(cut((if (arg is Boolean) arg else arg != null).toString(), spec.precision), spec)
        'h' -> pad(cut(arg?.hashCode()?.toUInt()?.toString(16) ?: "null", spec.precision), spec)
        'c' -> pad(
            when (arg) {
                null -> "null"
                is Char -> arg.toString()
                is Int -> Char(arg).toString()
                else -> throw mismatch(spec, arg)
            },
            spec,
        )
        'd', 'x', 'o' -> if (arg == null) pad("null", spec) else integer(spec, lower, arg)
        'f', 'e', 'g' -> if (arg == null) pad("null", spec) else floating(spec, lower, arg)
        else -> throw IllegalArgumentException("unknown conversion in format specifier '${spec.text}'")
    }
    return if (spec.conversion.isUpperCase()) text.uppercase() else text
}

private fun mismatch(spec: Spec, arg: Any) =
    IllegalArgumentException("format specifier '${spec.text}' cannot format ${arg::class.simpleName} $arg")

private fun cut(text: String, precision: Int) = if (precision in 0 until text.length) text.substring(0, precision) else text

private fun pad(text: String, spec: Spec): String {
    if (text.length >= spec.width) return text
    val fill = " ".repeat(spec.width - text.length)
    return if (spec.has('-')) text + fill else fill + text
}

/** [digits] (no sign) with the sign and flags, zero-padded after the sign when asked. */
private fun signed(spec: Spec, negative: Boolean, digits: String): String {
    val (before, after) = when {
        negative && spec.has('(') -> "(" to ")"
        negative -> "-" to ""
        spec.has('+') -> "+" to ""
        spec.has(' ') -> " " to ""
        else -> "" to ""
    }
    val length = before.length + digits.length + after.length
    if (spec.has('0') && !spec.has('-') && length < spec.width) {
        return before + "0".repeat(spec.width - length) + digits + after
    }
    return pad(before + digits + after, spec)
}

private fun grouped(digits: String): String {
    val out = StringBuilder()
    for ((k, ch) in digits.withIndex()) {
        if (k > 0 && (digits.length - k) % 3 == 0) out.append(',')
        out.append(ch)
    }
    return out.toString()
}

private fun integer(spec: Spec, conversion: Char, arg: Any): String {
    val (value, bits) = when (arg) {
        is Int -> arg.toLong() to 32
        is Long -> arg to 64
        is Short -> arg.toLong() to 16
        is Byte -> arg.toLong() to 8
        else -> throw mismatch(spec, arg)
    }
    if (conversion == 'd') {
        val digits = value.toString().removePrefix("-")
        return signed(spec, value < 0, if (spec.has(',')) grouped(digits) else digits)
    }
    val radix = if (conversion == 'x') 16 else 8
    val unsigned = if (bits == 64) value.toULong() else value.toULong() and ((1UL shl bits) - 1UL)
    val prefix = if (spec.has('#')) (if (radix == 16) "0x" else "0") else ""
    return signed(spec, false, prefix + unsigned.toString(radix))
}

/** A finite non-negative number as its shortest decimal digits and where the point falls. */
private class Decimal(var digits: String, var point: Int) {
    /** Rounds half up to [keep] digits (none: 0, or 1 when the first dropped digit is 5 or more). */
    fun roundTo(keep: Int) {
        if (keep >= digits.length) return
        if (keep < 0) {
            digits = ""
            return
        }
        val up = digits[keep] >= '5'
        val kept = digits.substring(0, keep).toCharArray()
        if (up) {
            var k = keep - 1
            while (k >= 0 && kept[k] == '9') kept[k--] = '0'
            if (k >= 0) {
                kept[k] = kept[k] + 1
                digits = kept.concatToString()
            } else {
                digits = "1" + kept.concatToString()
                point++
            }
        } else {
            digits = kept.concatToString()
        }
    }

    fun digitAt(k: Int) = if (k in digits.indices) digits[k] else '0'

    companion object {
        fun of(shortest: String): Decimal {
            val e = shortest.indexOfFirst { it == 'E' || it == 'e' }
            val mantissa = if (e < 0) shortest else shortest.substring(0, e)
            val exponent = if (e < 0) 0 else shortest.substring(e + 1).removePrefix("+").toInt()
            val dot = mantissa.indexOf('.')
            var digits = mantissa.replace(".", "")
            var point = (if (dot < 0) mantissa.length else dot) + exponent
            val zeros = digits.indexOfFirst { it != '0' }
            if (zeros < 0) return Decimal("", 0)
            digits = digits.substring(zeros).trimEnd('0')
            point -= zeros
            return Decimal(digits, point)
        }
    }
}

private fun floating(spec: Spec, conversion: Char, arg: Any): String {
    val value: Double
    val shortest: String
    when (arg) {
        is Double -> {
            value = arg
            shortest = arg.toString()
        }
        is Float -> {
            value = arg.toDouble()
            shortest = arg.toString()
        }
        else -> throw mismatch(spec, arg)
    }
    val negative = value < 0 || (value == 0.0 && 1.0 / value < 0)
    if (value.isNaN()) return pad("NaN", spec)
    if (value.isInfinite()) return signed(Spec(spec.text, spec.flags.replace("0", ""), spec.width, -1, 'f'), negative, "Infinity")
    val d = Decimal.of(shortest.removePrefix("-"))
    val precision = if (spec.precision < 0) 6 else spec.precision
    val body = when (conversion) {
        'f' -> fixed(d, precision, spec.has(','))
        'e' -> scientific(d, precision)
        else -> {
            val p = if (precision == 0) 1 else precision
            val probe = Decimal(d.digits, d.point).also { it.roundTo(p) }
            val exponent = probe.point - 1
            if (probe.digits.isNotEmpty() && exponent >= -4 && exponent < p) {
                fixed(d, p - 1 - exponent, spec.has(','))
            } else if (probe.digits.isEmpty()) {
                fixed(d, p - 1, spec.has(','))
            } else {
                scientific(d, p - 1)
            }
        }
    }
    return signed(spec, negative, body)
}

private fun fixed(d: Decimal, precision: Int, group: Boolean): String {
    val r = Decimal(d.digits, d.point)
    r.roundTo(r.point + precision)
    val whole = if (r.point <= 0 || r.digits.isEmpty()) "0" else (0 until r.point).map { r.digitAt(it) }.joinToString("")
    val fraction = (0 until precision).map { r.digitAt(r.point + it) }.joinToString("")
    val int = if (group) grouped(whole) else whole
    return if (precision == 0) int else "$int.$fraction"
}

private fun scientific(d: Decimal, precision: Int): String {
    if (d.digits.isEmpty()) return "0" + (if (precision > 0) "." + "0".repeat(precision) else "") + "e+00"
    val r = Decimal(d.digits, d.point)
    r.roundTo(precision + 1)
    val exponent = r.point - 1
    val fraction = (1..precision).map { r.digitAt(it) }.joinToString("")
    val e = kotlin.math.abs(exponent).toString().padStart(2, '0')
    return r.digitAt(0).toString() + (if (precision > 0) ".$fraction" else "") + "e" + (if (exponent < 0) "-" else "+") + e
}
