import gg.*

fun isHeader(line: String): Boolean {
    val t = line.trim()
    return (t.startsWith("[") && t.endsWith("]")) || t.endsWith("{") || (t.endsWith(":") && !t.contains(" "))
}

fun main() {
    val path = "config/server.conf"
    val r = gg.files.readFile(path)
    val text = if (r.truncated) gg.files.readFile(path, offset = 0, limit = r.totalLines).contents else r.contents
    val lines = text.split("\n")
    val h = lines.indexOfFirst { isHeader(it) && it.contains("database", ignoreCase = true) }
    if (h < 0) {
        println("No database section found in $path")
        println(text)
        gg.exitProcess(1)
        return
    }
    val timeoutRe = Regex("timeout\\w*\\s*[=:]?\\s*\"?30\\b", RegexOption.IGNORE_CASE)
    var t = -1
    for (i in h + 1 until lines.size) {
        val l = lines[i]
        if (isHeader(l) || l.trim() == "}") break
        if (timeoutRe.containsMatchIn(l)) { t = i; break }
    }
    if (t < 0) {
        println("No timeout of 30 found in the database section")
        gg.exitProcess(1)
        return
    }
    val oldLine = lines[t]
    val m = timeoutRe.find(oldLine)!!
    val newLine = oldLine.substring(0, m.range.first) +
        m.value.substring(0, m.value.length - 2) + "60" +
        oldLine.substring(m.range.last + 1)
    val old = lines.subList(h, t + 1).joinToString("\n")
    val new = (lines.subList(h, t) + newLine).joinToString("\n")
    gg.files.editFile(path, old, new)
    println("Changed line ${t + 1}: '${oldLine.trim()}' -> '${newLine.trim()}'")
}
