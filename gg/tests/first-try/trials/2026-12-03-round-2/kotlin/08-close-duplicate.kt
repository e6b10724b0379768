import gg.*
import kotlin.system.exitProcess

fun main() {
    val issue = gg.board.listIssues().firstOrNull { it.id == 7 }
    if (issue == null) {
        println("Issue #7 is not on the board.")
        exitProcess(1)
    }
    val labels = if ("duplicate" in issue.labels) issue.labels else issue.labels + "duplicate"
    val old = issue.description
    val line = "Duplicate of #3."
    val description = if (old.isNullOrEmpty()) line else line + "\n" + old
    gg.board.updateIssue(
        7,
        IssuePatch(
            description = TextEdit.Set(description),
            labels = labels,
            status = IssueStatus.CLOSED,
        ),
    )
    val after = gg.board.listIssues().first { it.id == 7 }
    println("#${after.id} ${after.title} is now ${after.status}, labels ${after.labels}")
    println("description:")
    println(after.description ?: "")
}
