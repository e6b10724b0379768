import gg.*

fun main() {
    val id = gg.board.createIssue(
        IssueInput(
            title = "Login button does nothing",
            description = "Clicking the login button does nothing. It happens on the settings page.",
            labels = listOf("bug"),
        )
    )
    println(id)
}
