import gg.*

fun main() {
    val issues = gg.board.listIssues().sortedBy { it.id }
    val open = issues.filter { it.status == IssueStatus.OPEN }
    val closed = issues.filter { it.status == IssueStatus.CLOSED }
    val sb = StringBuilder()
    sb.append("## Open\n\n")
    for (i in open) sb.append("- #").append(i.id).append(" ").append(i.title).append("\n")
    sb.append("\n## Closed\n\n")
    for (i in closed) sb.append("- #").append(i.id).append(" ").append(i.title).append("\n")
    gg.files.writeFile("docs/board.md", sb.toString())
    println("Wrote docs/board.md.")
    println("${open.size} open, ${closed.size} closed")
}
