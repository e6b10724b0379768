import gg.*
import kotlin.system.exitProcess

fun readAll(path: String): String {
    val r = gg.files.readFile(path)
    if (!r.truncated) return r.contents
    return gg.files.readFile(path, offset = 0, limit = r.totalLines).contents
}

// Rename the bare name `load` (not `x.load`, not `reload`) in Python code only:
// comments and string literals (docstrings included) are left as they are.
fun rename(src: String, old: String, new: String): Pair<String, Int> {
    val re = Regex("(^|[^A-Za-z0-9_.])" + old + "\\b")
    val out = StringBuilder()
    val code = StringBuilder()
    var count = 0
    fun flush() {
        if (code.isEmpty()) return
        val replaced = re.replace(code.toString()) { m ->
            count++
            m.groupValues[1] + new
        }
        out.append(replaced)
        code.clear()
    }
    var i = 0
    val n = src.length
    while (i < n) {
        val c = src[i]
        if (c == '#') {
            flush()
            val nl = src.indexOf('\n', i)
            val end = if (nl < 0) n else nl
            out.append(src.substring(i, end))
            i = end
        } else if (c == '"' || c == '\'') {
            flush()
            val triple = i + 2 < n && src[i + 1] == c && src[i + 2] == c
            val delim = if (triple) "$c$c$c" else c.toString()
            var j = i + delim.length
            while (j < n) {
                if (src[j] == '\\') { j += 2; continue }
                if (src.startsWith(delim, j)) { j += delim.length; break }
                if (!triple && src[j] == '\n') break
                j++
            }
            if (j > n) j = n
            out.append(src.substring(i, j))
            i = j
        } else {
            code.append(c)
            i++
        }
    }
    flush()
    return Pair(out.toString(), count)
}

fun main() {
    val path = "src/settings.py"
    val before = readAll(path)
    val (after, count) = rename(before, "load", "read_settings")
    if (count == 0) {
        println("Found no use of `load` to rename.")
        exitProcess(1)
    }
    gg.files.writeFile(path, after)
    println("Renamed $count occurrence(s) of load to read_settings. Changed lines:")
    val b = before.lines()
    val a = after.lines()
    for (k in a.indices) {
        if (k < b.size && a[k] != b[k]) println("${k + 1}: ${a[k]}")
    }
}
