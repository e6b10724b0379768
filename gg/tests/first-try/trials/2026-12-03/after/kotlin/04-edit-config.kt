import gg.*

fun main() {
    val path = "config/app.ini"
    val r = gg.files.readFile(path)
    val text = if (r.truncated) gg.files.readFile(path, offset = 0, limit = r.totalLines).contents else r.contents

    val portRe = Regex("(?m)^[ \\t]*[\\w.]*port[ \\t]*[=:][ \\t]*8080\\b.*$", RegexOption.IGNORE_CASE)
    val portLine = portRe.find(text)?.value
    if (portLine == null) {
        println("No port = 8080 line found")
    } else {
        gg.files.editFile(path, portLine, portLine.replaceFirst("8080", "9090"))
        println("Changed: $portLine")
    }

    val levelRe = Regex("(?m)^[ \\t]*[\\w.]*level[ \\t]*[=:][ \\t]*info\\b.*$", RegexOption.IGNORE_CASE)
    val m = levelRe.find(text)
    if (m == null) {
        println("No log level = info line found")
    } else {
        val line = m.value
        val newLine = Regex("([=:][ \\t]*)info\\b", RegexOption.IGNORE_CASE).replaceFirst(line, "$1debug")
        gg.files.editFile(path, line, newLine)
        println("Changed: $line")
    }
}
