import gg.*

fun main() {
    val toReopen = gg.board.listIssues(status = IssueStatus.CLOSED).filter { "regression" in it.labels }
    val closed = mutableListOf<Int>()
    for (issue in gg.board.listIssues(status = IssueStatus.OPEN)) {
        if ("done-in-1.4" in issue.labels) {
            gg.board.updateIssue(
                issue.id,
                IssuePatch(labels = issue.labels.filter { it != "done-in-1.4" }, status = IssueStatus.CLOSED),
            )
            closed.add(issue.id)
        }
    }
    val reopened = mutableListOf<Int>()
    for (issue in toReopen) {
        gg.board.updateIssue(issue.id, IssuePatch(status = IssueStatus.OPEN))
        reopened.add(issue.id)
    }
    println("closed: ${closed.joinToString(", ")}")
    println("reopened: ${reopened.joinToString(", ")}")
}
