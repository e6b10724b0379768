import gg.*

fun clean(s: String): String =
    s.trim().trim('*', '`', '"', '\'', '_', ' ', '\t').trim()

fun ownerFromLine(raw: String): String? {
    var line = raw.trim()
    // strip list bullets
    line = line.replace(Regex("^([-*+•]|\\d+[.)])\\s+"), "")
    if (line.startsWith("|")) {
        val cells = line.trim('|').split("|").map { clean(it) }
        if (cells.size >= 2 && cells[0].lowercase() == "billing") return cells[1]
        return null
    }
    val seps = listOf(":", "=", "→", "->", " — ", " – ", " - ", "\t")
    var best: Int = -1
    var bestSep = ""
    for (sep in seps) {
        val i = line.indexOf(sep)
        if (i > 0 && (best == -1 || i < best)) {
            best = i
            bestSep = sep
        }
    }
    if (best > 0) {
        val key = clean(line.substring(0, best)).lowercase()
        if (key == "billing" || key == "billing component" || key == "the billing code") {
            var value = clean(line.substring(best + bestSep.length))
            value = value.replace(Regex("^(owned by|owner:?|is owned by)\\s+", RegexOption.IGNORE_CASE), "")
            return clean(value)
        }
    }
    val prose = Regex("\\bbilling\\b[^.]*?\\bowned by\\s+(.+)", RegexOption.IGNORE_CASE).find(line)
    if (prose != null && !line.lowercase().contains("billing-") && !line.lowercase().contains("billing/")) {
        return clean(prose.groupValues[1].trimEnd('.'))
    }
    return null
}

fun main() {
    val mem = gg.memories.read("component-owners")
    val lines = mem.body.lines()
    val owners = lines.mapNotNull { ownerFromLine(it) }.filter { it.isNotEmpty() }
    if (owners.isNotEmpty()) {
        for (o in owners.distinct()) println(o)
        return
    }
    // could not parse: show the lines that mention billing
    val mentions = lines.filter { it.lowercase().contains("billing") }
    if (mentions.isEmpty()) {
        println("component-owners does not mention billing; its text:")
        println(mem.body)
    } else {
        println("lines about billing in component-owners:")
        for (l in mentions) println(l.trim())
    }
}
