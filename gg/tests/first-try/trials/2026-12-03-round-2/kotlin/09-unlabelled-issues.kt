import gg.*

fun main() {
    val unlabelled = gg.board.listIssues(IssueStatus.OPEN)
        .filter { it.status == IssueStatus.OPEN && it.labels.isEmpty() }
    if (unlabelled.isEmpty()) {
        println("Every open issue has a label.")
        return
    }
    for (i in unlabelled) println("#${i.id} ${i.title}")
}
