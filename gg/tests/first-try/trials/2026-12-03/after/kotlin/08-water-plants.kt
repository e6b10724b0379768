import gg.*

fun main() {
    val task = gg.tasks.list().firstOrNull { it.title == "Water the plants" }
    if (task == null) {
        println("No task titled 'Water the plants'")
    } else {
        gg.tasks.complete(task.id)
    }
    for (t in gg.tasks.list()) {
        if (t.status != TaskStatus.DONE) println(t.title)
    }
}
