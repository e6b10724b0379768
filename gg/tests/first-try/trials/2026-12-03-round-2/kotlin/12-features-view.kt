import gg.*

fun readAll(path: String): String {
    val r = gg.files.readFile(path)
    if (!r.truncated) return r.contents
    return gg.files.readFile(path, offset = 0, limit = r.totalLines).contents
}

// A small JSON parser: objects become LinkedHashMap (key order kept), arrays List, numbers Double.
class Json(private val s: String) {
    private var i = 0

    fun parse(): Any? {
        val v = value()
        ws()
        return v
    }

    private fun ws() {
        while (i < s.length && s[i].isWhitespace()) i++
    }

    private fun value(): Any? {
        ws()
        if (i >= s.length) throw IllegalStateException("unexpected end of JSON")
        return when (val c = s[i]) {
            '{' -> obj()
            '[' -> arr()
            '"' -> str()
            't' -> { expect("true"); true }
            'f' -> { expect("false"); false }
            'n' -> { expect("null"); null }
            else -> if (c == '-' || c.isDigit()) num() else throw IllegalStateException("bad JSON at $i")
        }
    }

    private fun expect(word: String) {
        if (!s.startsWith(word, i)) throw IllegalStateException("expected $word at $i")
        i += word.length
    }

    private fun obj(): Map<String, Any?> {
        val m = LinkedHashMap<String, Any?>()
        i++ // {
        ws()
        if (i < s.length && s[i] == '}') { i++; return m }
        while (true) {
            ws()
            val k = str()
            ws()
            if (s[i] != ':') throw IllegalStateException("expected : at $i")
            i++
            m[k] = value()
            ws()
            if (s[i] == ',') { i++; continue }
            if (s[i] == '}') { i++; return m }
            throw IllegalStateException("expected , or } at $i")
        }
    }

    private fun arr(): List<Any?> {
        val l = ArrayList<Any?>()
        i++ // [
        ws()
        if (i < s.length && s[i] == ']') { i++; return l }
        while (true) {
            l.add(value())
            ws()
            if (s[i] == ',') { i++; continue }
            if (s[i] == ']') { i++; return l }
            throw IllegalStateException("expected , or ] at $i")
        }
    }

    private fun str(): String {
        if (s[i] != '"') throw IllegalStateException("expected string at $i")
        i++
        val sb = StringBuilder()
        while (i < s.length) {
            val c = s[i]
            if (c == '"') { i++; return sb.toString() }
            if (c == '\\') {
                val e = s[i + 1]
                when (e) {
                    'n' -> sb.append('\n')
                    't' -> sb.append('\t')
                    'r' -> sb.append('\r')
                    'b' -> sb.append('\b')
                    'f' -> sb.append('\u000C')
                    'u' -> { sb.append(s.substring(i + 2, i + 6).toInt(16).toChar()); i += 4 }
                    else -> sb.append(e)
                }
                i += 2
                continue
            }
            sb.append(c)
            i++
        }
        throw IllegalStateException("unterminated string")
    }

    private fun num(): Double {
        val start = i
        while (i < s.length && (s[i].isDigit() || s[i] in "+-.eE")) i++
        return s.substring(start, i).toDouble()
    }
}

fun main() {
    val root = Json(readAll("config/app.json")).parse() as Map<*, *>
    val features = root["features"] as? Map<*, *>
    if (features == null) {
        println("config/app.json has no \"features\" object.")
        return
    }
    val on = features.entries.filter { it.value == true }.map { it.key.toString() }
    val body = if (on.isEmpty()) "(no features are switched on)" else on.joinToString("\n")
    gg.views.openText("features on", body)
    println("Opened the view \"features on\" with ${on.size} enabled feature(s):")
    println(body)
}
