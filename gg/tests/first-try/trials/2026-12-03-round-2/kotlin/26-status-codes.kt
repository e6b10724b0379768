import gg.*

fun readAll(path: String): String {
    val r = gg.files.readFile(path)
    if (!r.truncated) return r.contents
    return gg.files.readFile(path, offset = 0, limit = r.totalLines).contents
}

fun writeCreatingDir(path: String, contents: String) {
    try {
        gg.files.writeFile(path, contents)
    } catch (e: ApiError) {
        val dir = path.substringBeforeLast('/', "")
        if (dir.isEmpty()) throw e
        gg.shell.run("mkdir -p '" + dir + "'")
        gg.files.writeFile(path, contents)
    }
}

fun main() {
    val statusRe = Regex("\"[^\"]*\"\\s+(\\d{3})\\b")
    val counts = HashMap<Int, Int>()
    var total = 0
    var skipped = 0
    for (line in readAll("logs/access.log").lines()) {
        if (line.isBlank()) continue
        val m = statusRe.find(line)
        if (m == null) {
            skipped++
            continue
        }
        val code = m.groupValues[1].toInt()
        counts[code] = (counts[code] ?: 0) + 1
        total++
    }
    val sorted = counts.entries.sortedWith(compareBy({ -it.value }, { it.key }))
    val report = sorted.joinToString("") { "${it.key} ${it.value}\n" }
    writeCreatingDir("reports/status.txt", report)
    println("Wrote reports/status.txt ($total requests" + (if (skipped > 0) ", $skipped lines not understood" else "") + "):")
    print(report)
    val serverErrors = counts.entries.filter { it.key >= 500 }.sumOf { it.value }
    val share = if (total == 0) 0.0 else serverErrors * 100.0 / total
    println("Server errors (5xx): " + "%.1f".format(share) + "%")
}
