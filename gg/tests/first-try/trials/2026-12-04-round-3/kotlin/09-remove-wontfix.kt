import gg.*

fun main() {
    val removed = mutableListOf<Int>()
    for (issue in gg.board.listIssues(status = IssueStatus.CLOSED)) {
        if (issue.status != IssueStatus.CLOSED) continue
        if ("wontfix" !in issue.labels) continue
        gg.board.removeIssue(issue.id)
        removed.add(issue.id)
    }
    if (removed.isEmpty()) println("(no closed wontfix issues)")
    for (id in removed) println(id)
}
