import gg.*

fun q(s: String): String = "'" + s.replace("'", "'\\''") + "'"

fun main() {
    val entries = gg.files.listDir("uploads")
    val empty = mutableListOf<String>()
    for (e in entries) {
        if (e.kind != EntryKind.FILE) continue
        val p = "uploads/" + e.name
        // exit 0 only when it is a regular file of size 0
        val r = gg.shell.run("[ -f " + q(p) + " ] && [ ! -s " + q(p) + " ]")
        if (r.exitCode == 0) empty.add(e.name)
    }
    if (empty.isEmpty()) {
        println("(no empty files directly in uploads)")
    } else {
        for (n in empty) println(n)
    }
}
