import gg.*

fun main() {
    val path = "deploy/app.env"
    val text = gg.files.readFile(path).contents
    val lines = text.split("\n")
    val kept = lines.filter { it.trimEnd('\r').trim() != "DEBUG=1" }
    val removed = lines.size - kept.size
    if (removed == 0) {
        println("no DEBUG=1 line in " + path + "; left it as it is")
        return
    }
    gg.files.writeFile(path, kept.joinToString("\n"))
    println("removed " + removed + " DEBUG=1 line(s) from " + path)
}
