import gg.*

fun walk(dir: String, out: MutableList<String>) {
    for (e in gg.files.listDir(dir)) {
        val p = dir + "/" + e.name
        when (e.kind) {
            EntryKind.DIRECTORY -> walk(p, out)
            EntryKind.FILE -> out.add(p)
            else -> {}
        }
    }
}

fun main() {
    val found = mutableListOf<String>()
    walk("projects", found)
    if (found.isEmpty()) println("No files under projects.")
    for (p in found) println(p)
}
