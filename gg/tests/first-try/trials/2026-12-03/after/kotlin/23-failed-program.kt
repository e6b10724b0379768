import gg.*

fun main() {
    val failed = gg.programs.history().firstOrNull { !it.ok }
    if (failed == null) {
        println("No failed program in the library")
        gg.exitProcess(1)
        return
    }
    println("turn: ${failed.turn}")
    println("error: ${failed.error ?: "(no error recorded)"}")
    val source = gg.programs.get(turn = failed.turn)
    gg.files.writeFile("failed-program.txt", source)
    println("Saved its source to failed-program.txt")
}
