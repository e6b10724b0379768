import gg.*
import kotlin.system.exitProcess

fun readAll(path: String): String {
    val r = gg.files.readFile(path)
    if (!r.truncated) return r.contents
    return gg.files.readFile(path, offset = 0, limit = r.totalLines).contents
}

fun indentOf(line: String): Int = line.length - line.trimStart().length

fun main() {
    val path = "src/reader.py"
    val lines = readAll(path).lines()
    val defRe = Regex("^\\s*(async\\s+)?def\\s")
    val start = lines.indexOfFirst { Regex("^\\s*(async\\s+)?def\\s+parse_header\\b").containsMatchIn(it) }
    if (start < 0) {
        println("No `def parse_header` in $path.")
        exitProcess(1)
    }
    val indent = indentOf(lines[start])
    var end = lines.size // exclusive
    for (k in start + 1 until lines.size) {
        if (defRe.containsMatchIn(lines[k]) && indentOf(lines[k]) <= indent) {
            end = k
            break
        }
    }
    // Drop a trailing empty "line" produced by the file's final newline.
    if (end == lines.size && end > start + 1 && lines[end - 1].isEmpty()) end--
    val count = end - start
    val shown = gg.views.openFile(path, offset = start, limit = count)
    println("Opened $path lines ${start + 1}-${start + count} (parse_header) for next turn:")
    println(shown.contents)
}
