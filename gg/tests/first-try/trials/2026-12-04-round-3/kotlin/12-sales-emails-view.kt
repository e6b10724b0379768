import gg.*

fun parseCsvLine(line: String): List<String> {
    val out = mutableListOf<String>()
    val sb = StringBuilder()
    var inQ = false
    var i = 0
    while (i < line.length) {
        val c = line[i]
        if (inQ) {
            if (c == '"') {
                if (i + 1 < line.length && line[i + 1] == '"') {
                    sb.append('"'); i++
                } else inQ = false
            } else sb.append(c)
        } else {
            when (c) {
                '"' -> inQ = true
                ',' -> { out.add(sb.toString()); sb.clear() }
                else -> sb.append(c)
            }
        }
        i++
    }
    out.add(sb.toString())
    return out
}

fun main() {
    val rows = gg.files.readFile("team/people.csv").contents.lines()
        .map { it.trimEnd('\r') }
        .filter { it.isNotBlank() }
    val header = parseCsvLine(rows[0]).map { it.trim().lowercase() }
    val teamCol = header.indexOf("team")
    val emailCol = header.indexOf("email")
    val emails = rows.drop(1)
        .map { parseCsvLine(it) }
        .filter { it.size > maxOf(teamCol, emailCol) && it[teamCol].trim() == "Sales" }
        .map { it[emailCol].trim() }
        .filter { it.isNotEmpty() }
        .distinct()
        .sorted()
    val body = emails.joinToString("\n")
    gg.views.openText(body, label = "sales emails")
    println("opened the view 'sales emails' with " + emails.size + " addresses:")
    for (e in emails) println(e)
}
