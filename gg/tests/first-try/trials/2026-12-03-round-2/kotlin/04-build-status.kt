import gg.*

fun main() {
    val out = gg.shell.run("sh scripts/build.sh")
    val trimmed = out.output.trimEnd()
    val last = if (trimmed.isEmpty()) "(no output)" else trimmed.lines().last()
    val code = out.exitCode
    println("exit code: " + (code?.toString() ?: "none (the build was killed)"))
    println("last line: $last")
    if (code == 0) println("The build succeeded.") else println("The build failed.")
    if (out.truncated) println("(the output was truncated)")
}
