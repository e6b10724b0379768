import gg.*

fun main() {
    for (issue in gg.board.listIssues(status = IssueStatus.OPEN)) {
        if ("ui" in issue.labels) println(issue.title)
    }
}
