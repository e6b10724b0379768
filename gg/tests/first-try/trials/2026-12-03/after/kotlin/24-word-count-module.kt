import gg.*

fun main() {
    val code = """
fun countWords(text: String): Int {
    var count = 0
    var inWord = false
    for (c in text) {
        if (c.isWhitespace()) {
            inWord = false
        } else if (!inWord) {
            inWord = true
            count++
        }
    }
    return count
}
""".trimStart()
    gg.memories.write(
        name = "textstats",
        description = "Helpers for counting words",
        body = "countWords(text: String): Int returns how many whitespace-separated words a text has. Use: import lib.textstats.*",
        code = code,
    )
    val second = """
import gg.*
import lib.textstats.*

fun main() {
    val text = gg.files.readFile("notes/poem.txt").contents
    println(countWords(text))
}
""".trimStart()
    gg.programs.rerun(second)
    println("Saved memory textstats; the word count of notes/poem.txt follows")
}
