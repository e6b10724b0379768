import gg.*

fun readAll(path: String): String {
    val r = gg.files.readFile(path)
    if (!r.truncated) return r.contents
    return gg.files.readFile(path, offset = 0, limit = r.totalLines).contents
}

fun main() {
    val template = readAll("templates/report.md")
    val filled = template
        .replace("{{month}}", "December 2026")
        .replace("{{author}}", "Dana")
    gg.files.writeFile("reports/2026-12.md", filled)
    if (filled.contains("{{")) println("Warning: placeholders left unfilled.")
    println("Wrote reports/2026-12.md:")
    println(filled)
}
