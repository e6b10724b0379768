import gg.*

val moduleCode = """
package lib.durations

// Formats a number of seconds as H:MM:SS, e.g. 3725 -> "1:02:05".
fun formatDuration(totalSeconds: Int): String {
    val h = totalSeconds / 3600
    val m = (totalSeconds % 3600) / 60
    val s = totalSeconds % 60
    return h.toString() + ":" + m.toString().padStart(2, '0') + ":" + s.toString().padStart(2, '0')
}
""".trimStart()

val secondProgram = """
import gg.*
import lib.durations.*

fun main() {
    val rows = gg.files.readFile("data/runs.csv").contents.lines()
        .map { it.trim() }
        .filter { it.isNotEmpty() }
    val header = rows[0].split(",").map { it.trim().lowercase() }
    val ri = header.indexOf("runner")
    val si = header.indexOf("seconds")
    val runs = rows.drop(1)
        .map { it.split(",") }
        .map { Pair(it[ri].trim(), it[si].trim().toInt()) }
        .sortedBy { it.second }
    val out = runs.map { it.first + " " + formatDuration(it.second) }
    gg.files.writeFile("reports/times.txt", out.joinToString("\n") + "\n")
    println("wrote reports/times.txt:")
    for (l in out) println(l)
}
""".trimStart()

fun main() {
    gg.memories.write(
        "durations",
        "Helpers for showing lengths of time.\n\n" +
            "Code (Kotlin, package lib.durations): formatDuration(totalSeconds: Int): String " +
            "formats seconds as H:MM:SS, e.g. 3725 -> 1:02:05 (minutes and seconds always two digits).\n" +
            "Use it with: import lib.durations.*",
        description = "Helpers for showing lengths of time",
        code = moduleCode
    )
    println("saved memory durations with formatDuration")
    gg.programs.rerun(secondProgram)
    println("queued the program that writes reports/times.txt")
}
