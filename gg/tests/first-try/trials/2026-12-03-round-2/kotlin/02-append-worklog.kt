import gg.*

fun readAll(path: String): String {
    val r = gg.files.readFile(path)
    if (!r.truncated) return r.contents
    return gg.files.readFile(path, offset = 0, limit = r.totalLines).contents
}

fun main() {
    val path = "notes/worklog.md"
    val entry = "- 2026-12-03: reviewed the payments design"
    val text = readAll(path)
    val base = if (text.isEmpty() || text.endsWith("\n")) text else text + "\n"
    gg.files.writeFile(path, base + entry + "\n")
    println("Appended to $path. It now reads:")
    println(readAll(path))
}
