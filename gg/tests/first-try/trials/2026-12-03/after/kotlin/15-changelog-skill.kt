import gg.*

fun main() {
    val entryText = "Fixed the crash when saving an empty file"
    val skill = gg.skills.read("changelog")
    println("--- skill changelog ---")
    println(skill)
    println("--- end skill ---")

    val fileName = Regex("([\\w./-]*change[\\w.-]*\\.(?:md|txt))", RegexOption.IGNORE_CASE)
        .find(skill)?.groupValues?.get(1) ?: "CHANGELOG.md"
    val entry = "- $entryText"

    val existing: String? = try {
        val r = gg.files.readFile(fileName)
        if (r.truncated) gg.files.readFile(fileName, offset = 0, limit = r.totalLines).contents else r.contents
    } catch (e: ApiError) {
        null
    }

    if (existing == null) {
        gg.files.writeFile(fileName, "# Changelog\n\n## Unreleased\n\n$entry\n")
        println("Created $fileName with the entry")
        return
    }

    val lines = existing.split("\n").toMutableList()
    val isHeading = { s: String -> s.trimStart().startsWith("#") }
    var sec = lines.indexOfFirst { isHeading(it) && it.contains("unreleased", ignoreCase = true) }
    if (sec < 0) {
        // No Unreleased section: add one after the title (or at the top).
        val title = lines.indexOfFirst { it.startsWith("# ") }
        val at = if (title >= 0) title + 1 else 0
        lines.addAll(at, listOf("", "## Unreleased", "", entry))
        gg.files.writeFile(fileName, lines.joinToString("\n"))
        println("Added an Unreleased section with the entry to $fileName")
        return
    }
    val level = lines[sec].trimStart().takeWhile { it == '#' }.length
    var end = lines.size
    for (i in sec + 1 until lines.size) {
        val l = lines[i].trimStart()
        if (l.startsWith("#") && l.takeWhile { it == '#' }.length <= level) { end = i; break }
    }
    // Prefer a "Fixed" subsection if the section has one.
    val fixed = (sec + 1 until end).firstOrNull {
        isHeading(lines[it]) && lines[it].trimStart().trimStart('#').trim().equals("Fixed", ignoreCase = true)
    }
    if (fixed != null) {
        sec = fixed
        val sl = lines[sec].trimStart().takeWhile { it == '#' }.length
        for (i in sec + 1 until end) {
            val l = lines[i].trimStart()
            if (l.startsWith("#") && l.takeWhile { it == '#' }.length <= sl) { end = i; break }
        }
    }
    val firstBullet = (sec + 1 until end).firstOrNull { lines[it].trimStart().startsWith("- ") || lines[it].trimStart().startsWith("* ") }
    if (firstBullet != null) {
        val bulletChar = lines[firstBullet].trimStart().first()
        lines.add(firstBullet, "$bulletChar $entryText")
    } else {
        lines.addAll(sec + 1, listOf("", entry))
    }
    gg.files.writeFile(fileName, lines.joinToString("\n"))
    println("Added to $fileName: $entry")
}
