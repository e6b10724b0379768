import gg.*

fun main() {
    val result = gg.shell.run("sh run-tests.sh")
    val out = result.output
    println("exit code: ${result.exitCode}")
    println(out)
    val patterns = listOf(
        Regex("(?m)^\\s*---\\s*FAIL:\\s*(\\S+)"),
        Regex("(?m)^\\s*FAIL(?:ED)?[:\\s]+(\\S+)"),
        Regex("(?m)^\\s*not ok\\s+\\d+\\s*-?\\s*(.+?)\\s*$"),
        Regex("(?m)^\\s*test\\s+(\\S+)\\s+\\.\\.\\.\\s+FAIL"),
        Regex("(?m)^\\s*(\\S+)\\s*(?:\\.\\.\\.|:)\\s*FAIL(?:ED)?\\b"),
        Regex("(?m)^\\s*(?:✗|✘|×)\\s*(.+?)\\s*$"),
    )
    var name: String? = null
    for (p in patterns) {
        val m = p.find(out)
        if (m != null) { name = m.groupValues[1].trim().trimEnd(':'); break }
    }
    if (name == null) name = "unknown test"
    val lastThree = out.trimEnd().lines().takeLast(3).joinToString("\n")
    val id = gg.board.createIssue(
        IssueInput(title = "Test failing: $name", description = lastThree, labels = listOf("ci"))
    )
    println("Filed issue $id for failing test $name")
    gg.session.finish("Ran sh run-tests.sh: the test $name fails; filed issue $id (label ci).")
}
