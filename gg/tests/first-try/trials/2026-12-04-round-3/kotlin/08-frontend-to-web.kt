import gg.*

fun main() {
    var n = 0
    for (issue in gg.board.listIssues()) {
        if ("frontend" !in issue.labels) continue
        val labels = issue.labels.map { if (it == "frontend") "web" else it }.distinct()
        gg.board.updateIssue(issue.id, IssuePatch(labels = labels))
        n++
        println("#" + issue.id + ": " + issue.labels + " -> " + labels)
    }
    println(n)
}
