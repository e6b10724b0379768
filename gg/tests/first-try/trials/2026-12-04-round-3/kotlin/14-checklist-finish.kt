import gg.*

fun main() {
    val text = gg.files.readFile("release/checklist.md").contents
    val itemRe = Regex("^\\s*[-*+]\\s+\\[(.)\\]\\s*(.*)$")
    var total = 0
    val open = mutableListOf<String>()
    for (raw in text.lines()) {
        val line = raw.trimEnd('\r')
        val m = itemRe.find(line) ?: continue
        total++
        val mark = m.groupValues[1]
        if (mark != "x" && mark != "X") open.add(m.groupValues[2].trim())
    }
    if (total > 0 && open.isEmpty()) {
        val summary = "The release checklist is complete: all " + total + " items are ticked."
        println(summary)
        gg.session.finish(summary)
    } else if (total == 0) {
        println("no checklist items found in release/checklist.md")
    } else {
        for (item in open) println(item)
    }
}
