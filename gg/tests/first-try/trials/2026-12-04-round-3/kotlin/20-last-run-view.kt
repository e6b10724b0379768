import gg.*
import kotlin.system.exitProcess

fun main() {
    val path = "logs/server.log"
    val read = gg.files.readFile(path)
    var lines = read.contents.split("\n")
    if (lines.isNotEmpty() && lines.last().isEmpty()) lines = lines.dropLast(1)
    var last = -1
    for (i in lines.indices) if (lines[i].startsWith("=== start")) last = i
    if (last < 0) {
        println("no '=== start' line in " + path)
        exitProcess(1)
    }
    val total = maxOf(read.totalLines, lines.size)
    val shown = gg.views.openFile(path, offset = last, limit = total - last)
    println("view of " + path + " from line " + (last + 1) + " (0-based " + last + ") to the end, " +
        (total - last) + " lines; first: " + lines[last])
    if (shown.truncated) println("note: the view is truncated")
}
