import gg.*

fun main() {
    val path = "logs/build.log"
    var lineNo: Int? = null
    try {
        lineNo = gg.files.search("ERROR", path).firstOrNull()?.line
    } catch (e: ApiError) {
        lineNo = null
    }
    if (lineNo == null) {
        val r = gg.files.readFile(path)
        val text = if (r.truncated) gg.files.readFile(path, offset = 0, limit = r.totalLines).contents else r.contents
        val idx = text.lines().indexOfFirst { it.contains("ERROR") }
        if (idx >= 0) lineNo = idx + 1
    }
    if (lineNo == null) {
        println("No line with ERROR in $path")
        gg.exitProcess(1)
        return
    }
    println(lineNo)
    val start = (lineNo - 1 - 5).coerceAtLeast(0)
    gg.views.openFile(path, offset = start, limit = 11)
}
