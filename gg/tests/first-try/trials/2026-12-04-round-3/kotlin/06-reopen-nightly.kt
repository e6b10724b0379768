import gg.*
import kotlin.system.exitProcess

fun main() {
    val title = "Stop the nightly job from timing out"
    val matches = gg.tasks.list().filter { it.title.trim() == title }
    if (matches.isEmpty()) {
        println("no task titled '" + title + "'")
        exitProcess(1)
    }
    for (t in matches) {
        gg.tasks.update(
            t.id,
            TaskPatch(status = TaskStatus.PENDING, description = TextEdit.Set("still times out on Sundays"))
        )
        println("task #" + t.id + " set back to pending, description: still times out on Sundays")
    }
}
