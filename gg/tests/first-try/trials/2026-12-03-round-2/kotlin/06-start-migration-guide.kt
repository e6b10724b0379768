import gg.*
import kotlin.system.exitProcess

fun main() {
    val name = "Write the migration guide"
    val all = gg.tasks.list()
    val target = all.firstOrNull { it.title == name }
        ?: all.firstOrNull { it.title.startsWith(name) }
    if (target == null) {
        println("No task titled \"$name\".")
        exitProcess(1)
    }
    gg.tasks.update(target.id, TaskPatch(status = TaskStatus.IN_PROGRESS))
    println("Marked #${target.id} ${target.title} as in progress.")
    println("Still pending:")
    for (t in gg.tasks.list()) {
        if (t.status == TaskStatus.PENDING) println(t.title)
    }
}
