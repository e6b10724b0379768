// A sample Kotlin program: `cargo run -p gg -- run examples/hello.kt`.
import gg.*

data class Word(val text: String, val count: Int)

fun countWords(text: String): List<Word> =
    text.split(Regex("\\s+"))
        .filter { it.isNotBlank() }
        .groupingBy { it.lowercase() }
        .eachCount()
        .map { (w, n) -> Word(w, n) }
        .sortedWith(compareByDescending<Word> { it.count }.thenBy { it.text })

fun main() {
    files.writeFile("notes.txt", "the cat saw the dog\nthe dog saw a bird\n")
    val read = files.readFile("notes.txt")
    println("read ${read.totalLines} lines")
    val words = countWords(read.contents)
    for (w in words.take(3)) {
        println("${w.text}: ${w.count}")
    }
    try {
        files.readFile("missing.txt")
    } catch (e: ApiError) {
        println("as expected: ${e.code}")
    }
    val entries = files.listDir()
    println("the workspace has ${entries.size} entries")
    println(entries.joinToString { it.name })
}
