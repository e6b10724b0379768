import gg.*
import kotlin.system.exitProcess

fun main() {
    val archive = "backup/site-2026-11.tar"
    val r = gg.shell.run("tar -tf " + archive)
    if (r.exitCode != 0) {
        println("tar -tf failed (exit " + r.exitCode + "):")
        println(r.output)
        exitProcess(1)
    }
    val count: Int
    if (!r.truncated) {
        count = r.output.lines()
            .map { it.trimEnd('\r') }
            .filter { it.isNotBlank() && !it.endsWith("/") }
            .size
    } else {
        val c = gg.shell.run("tar -tf " + archive + " | grep -v '/$' | grep -c .")
        count = c.output.trim().lines().last().trim().toInt()
    }
    println(count)
}
