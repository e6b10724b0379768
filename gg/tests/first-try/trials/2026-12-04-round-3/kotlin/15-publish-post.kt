import gg.*

fun slug(title: String): String =
    Regex("[^a-z0-9]+").replace(title.lowercase(), "-").trim('-')

fun main() {
    val title = "Ledger 3.0: Faster Imports & Offline Mode"
    val date = "2026-12-04"
    val s = slug(title)
    val text = gg.files.readFile("drafts/ledger-3.txt").contents
    gg.files.writeFile("posts/" + date + "-" + s + ".md", "# " + title + "\n\n" + text)
    val index = gg.files.readFile("posts/index.txt").contents
    gg.files.writeFile("posts/index.txt", date + " " + s + "\n" + index)
    println("published " + date + "-" + s)
}
