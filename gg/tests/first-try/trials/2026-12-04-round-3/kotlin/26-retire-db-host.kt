import gg.*

fun q(s: String): String = "'" + s.replace("'", "'\\''") + "'"

fun main() {
    val old = "db-old.internal"
    val new = "db.internal"
    val matches = gg.files.search("db-old\\.internal", path = "config")
    val paths = matches.map { it.path }.distinct().sorted()
    val changed = mutableListOf<String>()
    for (p0 in paths) {
        var p = p0
        var read: FileRead
        try {
            read = gg.files.readFile(p)
        } catch (e: ApiError) {
            p = "config/" + p0
            read = gg.files.readFile(p)
        }
        if (read.truncated) {
            val r = gg.shell.run("sed -i 's/db-old\\.internal/db.internal/g' " + q(p))
            if (r.exitCode == 0) changed.add(p) else println("sed failed on " + p + ": " + r.output)
            continue
        }
        if (!read.contents.contains(old)) continue
        gg.files.writeFile(p, read.contents.replace(old, new))
        changed.add(p)
    }
    if (changed.isEmpty()) println("(no file under config names db-old.internal)")
    for (p in changed) println(p)
}
