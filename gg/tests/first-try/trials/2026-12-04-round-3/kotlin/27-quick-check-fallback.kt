import gg.*

fun lastLine(out: String): String =
    out.lines().map { it.trimEnd('\r') }.lastOrNull { it.isNotBlank() } ?: "(no output)"

fun main() {
    val full = gg.shell.run("sh scripts/full-check.sh", timeoutSecs = 5.0)
    if (!full.timedOut) {
        println("result from the full check (sh scripts/full-check.sh), exit " + full.exitCode)
        println(lastLine(full.output))
        return
    }
    val quick = gg.shell.run("sh scripts/quick-check.sh")
    println("result from the quick check (sh scripts/quick-check.sh; the full check timed out after 5 s), exit " + quick.exitCode)
    println(lastLine(quick.output))
}
