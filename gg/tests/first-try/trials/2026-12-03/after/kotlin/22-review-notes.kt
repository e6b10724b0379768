import gg.*

fun readAll(path: String): String {
    val r = gg.files.readFile(path)
    return if (r.truncated) gg.files.readFile(path, offset = 0, limit = r.totalLines).contents else r.contents
}

fun main() {
    val rules = readAll("REVIEW-RULES.md")
    val notes = readAll("release/notes.md")
    println("--- REVIEW-RULES.md ---")
    println(rules)
    println("--- release/notes.md ---")
    println(notes)
    val rl = rules.lowercase()

    val maxLen = Regex("(\\d+)\\s*(?:characters|chars|columns)").find(rl)?.groupValues?.get(1)?.toIntOrNull()
    val markers = listOf("TODO", "TBD", "FIXME", "XXX").filter { rl.contains(it.lowercase()) }
    val trailing = rl.contains("trailing whitespace") || rl.contains("trailing space")
    val tabs = rl.contains("tab")
    val mustEndPeriod = Regex("end(?:s)? with a (?:period|full stop)").containsMatchIn(rl) &&
        !Regex("(?:not|never) end(?:s)? with a (?:period|full stop)").containsMatchIn(rl)
    val mustNotEndPeriod = Regex("(?:not|never) end(?:s)? with a (?:period|full stop)").containsMatchIn(rl) ||
        rl.contains("no trailing period")

    val items = mutableListOf<String>()
    notes.split("\n").forEachIndexed { i, raw ->
        val line = raw.trimEnd('\r')
        val n = i + 1
        val reasons = mutableListOf<String>()
        if (maxLen != null && line.length > maxLen) reasons.add("is longer than $maxLen characters")
        for (m in markers) if (line.contains(m, ignoreCase = false)) reasons.add("contains $m")
        if (trailing && line.isNotEmpty() && (line.endsWith(" ") || line.endsWith("\t"))) reasons.add("has trailing whitespace")
        if (tabs && line.contains("\t")) reasons.add("contains a tab")
        val t = line.trim()
        val bullet = t.startsWith("- ") || t.startsWith("* ")
        if (bullet && mustEndPeriod && !t.endsWith(".")) reasons.add("does not end with a period")
        if (bullet && mustNotEndPeriod && t.endsWith(".")) reasons.add("ends with a period")
        if (reasons.isNotEmpty()) items.add("Line $n ${reasons.joinToString(" and ")}: $t")
    }
    if (items.isEmpty()) {
        println("No rule broken: approving")
        gg.session.approve()
    } else {
        items.forEach { println(it) }
        gg.session.requestChanges(items)
    }
}
