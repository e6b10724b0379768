import gg.*

fun main() {
    val entries = gg.files.listDir("logs").filter { it.kind == EntryKind.FILE }
    val logs = entries.filter { it.name.endsWith(".log") }.ifEmpty { entries }
    if (logs.isEmpty()) {
        println("There are no log files in logs/.")
        return
    }
    var bestName = ""
    var bestLines = -1
    for (e in logs) {
        val r = gg.files.readFile("logs/" + e.name)
        val n = r.totalLines
        println("logs/${e.name}: $n lines")
        if (n > bestLines) {
            bestLines = n
            bestName = e.name
        }
    }
    val ties = logs.size > 1 && logs.count { gg.files.readFile("logs/" + it.name).totalLines == bestLines } > 1
    println("Most lines: $bestName with $bestLines lines" + if (ties) " (tied with another file)" else "")
}
