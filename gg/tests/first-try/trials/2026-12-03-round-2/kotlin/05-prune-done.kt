import gg.*

fun main() {
    val done = gg.tasks.list().filter { it.status == TaskStatus.DONE }
    var removed = 0
    for (t in done) {
        try {
            gg.tasks.remove(t.id)
            removed++
            println("removed #${t.id} ${t.title}")
        } catch (e: ApiError) {
            println("could not remove #${t.id} ${t.title}: ${e.code} ${e.message}")
        }
    }
    val left = gg.tasks.list()
    println("Removed $removed done task(s).")
    println("${left.size} tasks left")
}
