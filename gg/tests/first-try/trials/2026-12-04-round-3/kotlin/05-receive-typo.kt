import gg.*

fun fix(title: String): String =
    title.replace("recieve", "receive")
        .replace("Recieve", "Receive")
        .replace("RECIEVE", "RECEIVE")

fun main() {
    var corrected = 0
    for (t in gg.tasks.list()) {
        val fixed = fix(t.title)
        if (fixed != t.title) {
            gg.tasks.update(t.id, TaskPatch(title = fixed))
            corrected++
            println("#" + t.id + ": " + t.title + " -> " + fixed)
        }
    }
    println(corrected)
}
