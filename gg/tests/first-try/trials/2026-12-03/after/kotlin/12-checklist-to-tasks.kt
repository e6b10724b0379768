import gg.*

fun main() {
    val body = gg.memories.read("release-checklist").body
    val marker = Regex("^([-*+][ \\t]+(\\[[ xX]?\\][ \\t]+)?|\\d+[.)][ \\t]+)")
    var added = 0
    for (raw in body.lines()) {
        val line = raw.trim()
        if (line.isEmpty()) continue
        val title = marker.replaceFirst(line, "").trim()
        if (title.isEmpty()) continue
        gg.tasks.add(TaskInput(title = title))
        added++
    }
    println(added)
}
