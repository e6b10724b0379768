import gg.*

fun main() {
    val all = gg.tasks.list()
    val byId = all.associateBy { it.id }
    // A blocker no longer on the list is treated as out of the way.
    val ready = all.filter { t ->
        t.status == TaskStatus.PENDING &&
            t.blockedBy.all { b -> val bt = byId[b]; bt == null || bt.status == TaskStatus.DONE }
    }.sortedBy { it.id }
    if (ready.isEmpty()) {
        println("No task can be started now.")
        return
    }
    for (t in ready) println(t.title)
    val first = ready.first()
    gg.tasks.update(first.id, TaskPatch(status = TaskStatus.IN_PROGRESS))
    println("Marked #${first.id} ${first.title} as in progress.")
}
