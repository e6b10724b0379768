import gg.*
import kotlin.system.exitProcess

fun main() {
    val all = gg.tasks.list()
    val root = all.filter { it.title.trim() == "Get the security sign-off" }
    if (root.isEmpty()) {
        println("no task titled 'Get the security sign-off'")
        exitProcess(1)
    }
    val reached = mutableSetOf<Int>()
    val queue = ArrayDeque<Int>()
    for (r in root) queue.addLast(r.id)
    val rootIds = root.map { it.id }.toSet()
    while (queue.isNotEmpty()) {
        val cur = queue.removeFirst()
        for (t in all) {
            if (cur in t.blockedBy && t.id !in reached && t.id !in rootIds) {
                reached.add(t.id)
                queue.addLast(t.id)
            }
        }
    }
    val waiting = all.filter { it.id in reached }.sortedBy { it.id }
    for (t in waiting) {
        gg.tasks.update(t.id, TaskPatch(description = TextEdit.Set("delayed: waits for the security sign-off")))
        println(t.title)
    }
    if (waiting.isEmpty()) println("(no task waits for the security sign-off)")
}
