import gg.*
import kotlin.system.exitProcess

fun main() {
    val prefix = "[S12]"
    val name = "[S12] Write the retro notes"
    val all = gg.tasks.list()
    val target = all.firstOrNull { it.title == name } ?: all.firstOrNull { it.title.startsWith(name) }
    if (target == null) {
        println("No task titled \"$name\".")
        exitProcess(1)
    }
    if (target.status != TaskStatus.DONE) gg.tasks.complete(target.id)
    println("Marked #${target.id} ${target.title} as done.")

    val sprint = gg.tasks.list().filter { it.title.startsWith(prefix) }
    val open = sprint.filter { it.status != TaskStatus.DONE }
    if (open.isEmpty()) {
        val summary = "Sprint 12 is complete: all ${sprint.size} of its tasks are done."
        println(summary)
        gg.session.finish(summary)
    } else {
        println("Sprint 12 tasks not done yet:")
        for (t in open) println(t.title)
    }
}
