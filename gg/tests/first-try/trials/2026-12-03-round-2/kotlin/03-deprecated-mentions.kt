import gg.*

fun main() {
    // Case-insensitive without relying on inline regex flags.
    val pattern = "[Dd][Ee][Pp][Rr][Ee][Cc][Aa][Tt][Ee][Dd]"
    val matches = gg.files.search(pattern, "src")
    val counts = LinkedHashMap<String, MutableSet<Int>>()
    for (m in matches) {
        val p = if (m.path.startsWith("src/") || m.path == "src") m.path else "src/" + m.path.removePrefix("/")
        counts.getOrPut(p) { mutableSetOf() }.add(m.line)
    }
    if (counts.isEmpty()) {
        println("No file under src mentions \"deprecated\".")
        return
    }
    for (p in counts.keys.sorted()) {
        println("$p ${counts[p]!!.size}")
    }
}
