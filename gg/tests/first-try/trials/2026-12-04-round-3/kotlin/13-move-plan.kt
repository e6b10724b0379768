import gg.*
import kotlin.system.exitProcess

fun main() {
    val exists = gg.shell.run("[ -e docs/plan.md ]")
    if (exists.exitCode == 0) {
        println("docs/plan.md already exists; not overwriting it")
        exitProcess(1)
    }
    val r = gg.shell.run("mv drafts/plan.md docs/plan.md")
    if (r.exitCode != 0) {
        println("mv failed (exit " + r.exitCode + "): " + r.output)
        exitProcess(1)
    }
    val check = gg.shell.run("[ -f docs/plan.md ] && [ ! -e drafts/plan.md ]")
    if (check.exitCode != 0) {
        println("the move did not take")
        exitProcess(1)
    }
    println("moved drafts/plan.md to docs/plan.md")
}
