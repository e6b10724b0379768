import gg.*

fun main() {
    val path = "notes/journal.txt"
    val first = gg.files.readFile(path)
    val total = first.totalLines
    println(total)
    if (total > 0) {
        val last = gg.files.readFile(path, offset = total - 1, limit = 1).contents.trimEnd('\n', '\r')
        println(last)
    }
}
