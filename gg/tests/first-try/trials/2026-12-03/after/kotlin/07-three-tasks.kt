import gg.*

fun main() {
    for (title in listOf("Draft the report", "Review the draft", "Send the report")) {
        val id = gg.tasks.add(TaskInput(title = title))
        println("$title: $id")
    }
}
