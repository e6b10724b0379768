import gg.*

fun main() {
    val out = gg.shell.run("wc -w < notes/poem.txt")
    println(out.output.trim())
}
