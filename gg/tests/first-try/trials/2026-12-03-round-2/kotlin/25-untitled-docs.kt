import gg.*

// Kotlin/Wasm for WASI has no file or directory functions in its standard library,
// so this uses gg's files operations, as the task allows in that case.

fun readAll(path: String): String {
    val r = gg.files.readFile(path)
    if (!r.truncated) return r.contents
    return gg.files.readFile(path, offset = 0, limit = r.totalLines).contents
}

fun walk(dir: String, out: MutableList<String>) {
    for (e in gg.files.listDir(dir)) {
        val p = dir + "/" + e.name
        when (e.kind) {
            EntryKind.DIRECTORY -> walk(p, out)
            EntryKind.FILE -> if (e.name.endsWith(".md")) out.add(p)
            else -> {}
        }
    }
}

fun main() {
    val mds = mutableListOf<String>()
    walk("docs", mds)
    val untitled = mds.filter { p ->
        readAll(p).lines().none { it.startsWith("# ") }
    }.sorted()
    gg.files.writeFile("docs/untitled.txt", untitled.joinToString("") { it + "\n" })
    println("Checked ${mds.size} Markdown files; ${untitled.size} have no title line:")
    for (p in untitled) println(p)
}
