import gg.*
import kotlin.system.exitProcess

fun main() {
    val history = gg.programs.history()
    var bestTurn = -1
    var bestScore = 0
    var bestSource = ""
    for (p in history) {
        val src = try { gg.programs.get(p.turn) } catch (e: ApiError) { continue }
        // Skip this very program, should the history list it.
        if (src.contains("programs.rerun") || src.contains("programs.history")) continue
        println("turn ${p.turn} (ok=${p.ok}, ${p.lines} lines):")
        println(src.prependIndent("    "))
        if (!src.contains("summary.txt")) continue
        var score = 1
        if (src.contains("sales.csv")) score += 2
        if (Regex("(?i)write|open\\([^)]*['\"]w").containsMatchIn(src)) score += 2
        if (p.ok) score += 1
        if (score >= bestScore) { // ties: the latest wins
            bestScore = score
            bestTurn = p.turn
            bestSource = src
        }
    }
    if (bestTurn < 0) {
        println("No earlier program writes reports/summary.txt.")
        exitProcess(1)
    }
    println("Running the program of turn $bestTurn again, after this one.")
    gg.programs.rerun(bestSource)
}
