import gg.*

fun main() {
    val out = gg.shell.run("sh check.sh")
    println("sh check.sh exited with " + (out.exitCode?.toString() ?: "no code (killed)"))
    println(out.output)

    val lines = out.output.lines().map { it.trim() }.filter { it.isNotEmpty() }
    val failRe = Regex("(?i)(\\bfail(ed|ure|s|ing)?\\b|\\berror\\b|^not ok\\b|^✗|^✘|^x\\s)")
    // Summary lines such as "0 failed" or "2 checks failed" are not checks of their own.
    val summaryRe = Regex("(?i)^(\\d+\\s+(checks?\\s+)?(failed|failing|failures?)|.*\\b0\\s+(failed|failures?|errors?)\\b|(all|\\d+)\\s+(checks?\\s+)?passed.*)")
    val failing = lines.filter { failRe.containsMatchIn(it) && !summaryRe.containsMatchIn(it) }

    val passed = out.exitCode == 0 && failing.isEmpty()
    if (passed) {
        println("Every check passed: approving.")
        gg.session.approve()
        return
    }
    val items = if (failing.isNotEmpty()) {
        failing
    } else {
        val last = lines.lastOrNull() ?: "(no output)"
        listOf("check.sh failed (exit code " + (out.exitCode?.toString() ?: "none") + "): " + last)
    }
    println("Requesting changes:")
    for (it in items) println("- $it")
    gg.session.requestChanges(items)
}
