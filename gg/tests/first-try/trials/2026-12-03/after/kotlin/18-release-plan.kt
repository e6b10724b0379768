import gg.*

fun main() {
    val notes = gg.tasks.add(TaskInput(title = "Write release notes"))
    val build = gg.tasks.add(TaskInput(title = "Build packages"))
    val test = gg.tasks.add(TaskInput(title = "Test packages", blockedBy = listOf(build)))
    val publish = gg.tasks.add(TaskInput(title = "Publish", blockedBy = listOf(test, notes)))
    val mine = setOf(notes, build, test, publish)
    val all = gg.tasks.list()
    val byId = all.associateBy { it.id }
    for (t in all) {
        if (t.id !in mine || t.status == TaskStatus.DONE) continue
        val ready = t.blockedBy.all { b -> byId[b]?.status == TaskStatus.DONE || byId[b] == null }
        if (ready) println(t.title)
    }
}
