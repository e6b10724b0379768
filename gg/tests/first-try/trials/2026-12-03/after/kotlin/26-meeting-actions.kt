import gg.*

fun main() {
    val path = "notes/meeting.txt"
    val r = gg.files.readFile(path)
    val text = if (r.truncated) gg.files.readFile(path, offset = 0, limit = r.totalLines).contents else r.contents
    val re = Regex("ACTION\\(([^)]*)\\):\\s*(.*)")
    val byPerson = linkedMapOf<String, MutableList<String>>()
    for (line in text.lines()) {
        for (m in re.findAll(line)) {
            val name = m.groupValues[1].trim()
            val what = m.groupValues[2].trim()
            byPerson.getOrPut(name) { mutableListOf() }.add(what)
        }
    }
    val names = byPerson.keys.sortedWith(compareBy<String> { it.lowercase() }.thenBy { it })
    val sb = StringBuilder()
    names.forEachIndexed { i, name ->
        if (i > 0) sb.append("\n")
        sb.append("## ").append(name).append("\n")
        for (a in byPerson[name]!!) sb.append("- ").append(a).append("\n")
    }
    gg.files.writeFile("notes/actions.md", sb.toString())
    for (name in names) println("$name: ${byPerson[name]!!.size}")
}
