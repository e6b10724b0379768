import gg.*

fun main() {
    val open = mutableMapOf<String, Int>()
    val closed = mutableMapOf<String, Int>()
    val issues = gg.board.listIssues()
    for (i in issues) {
        for (l in i.labels.distinct()) {
            val m = if (i.status == IssueStatus.OPEN) open else closed
            m[l] = (m[l] ?: 0) + 1
        }
    }
    val labels = (open.keys + closed.keys).distinct().sorted()
    val lines = labels.map { it + ": " + (open[it] ?: 0) + " open, " + (closed[it] ?: 0) + " closed" }
    gg.files.writeFile("docs/labels.txt", lines.joinToString("\n") + if (lines.isEmpty()) "" else "\n")
    println("wrote docs/labels.txt (" + issues.size + " issues, " + labels.size + " labels):")
    for (l in lines) println(l)
}
