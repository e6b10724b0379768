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
    val listed = readAll("manifest.txt").lines().map { it.trim() }.filter { it.isNotEmpty() }
    val parts = mutableListOf<String>()
    val used = mutableListOf<String>()
    val missing = mutableListOf<String>()
    for (p in listed) {
        val text = try {
            readAll(p)
        } catch (e: ApiError) {
            if (e.code == ErrorCode.NOT_FOUND) null else throw e
        }
        if (text == null) {
            missing.add(p)
            val id = gg.board.createIssue(IssueInput(title = "Missing part: " + p, labels = listOf("docs")))
            println("Missing $p: filed issue #$id")
        } else {
            parts.add(text.trimEnd('\n', '\r'))
            used.add(p)
        }
    }
    val guide = if (parts.isEmpty()) "" else parts.joinToString("\n\n") + "\n"
    writeCreatingDir("dist/guide.md", guide)
    println("Wrote dist/guide.md from ${used.size} part(s): " + used.joinToString(", "))
    val summary = "Built dist/guide.md from ${used.size} part(s) listed in manifest.txt" +
        (if (missing.isEmpty()) "." else "; ${missing.size} missing (" + missing.joinToString(", ") +
            "), each filed as a board issue labelled docs.")
    gg.session.finish(summary)
    println(summary)
}
