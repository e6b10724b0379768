import gg.*

fun portIn(line: String): String? {
    Regex("(?i)port\\D{0,6}?(\\d{2,5})").find(line)?.let { return it.groupValues[1] }
    Regex(":(\\d{2,5})\\b").find(line)?.let { return it.groupValues[1] }
    Regex("\\b(\\d{4,5})\\b").find(line)?.let { return it.groupValues[1] }
    return null
}

fun main() {
    val names = linkedSetOf<String>()
    val searches: List<List<String>> = listOf(
        listOf("metrics", "exporter", "port", "prometheus", "monitoring"),
        emptyList<String>(),
    )
    for (kw in searches) {
        try {
            for (h in gg.memories.search(kw)) names.add(h.name)
        } catch (e: ApiError) {
            println("search $kw failed: ${e.code} ${e.message}")
        }
    }

    // score, memory name, port, line
    data class Cand(val score: Int, val name: String, val port: String, val line: String)
    val cands = mutableListOf<Cand>()
    for (n in names) {
        val m = try { gg.memories.read(n) } catch (e: ApiError) { continue }
        val text = m.description + "\n" + m.body
        for (line in text.lines()) {
            val low = line.lowercase()
            if (!low.contains("exporter")) continue
            val port = portIn(line) ?: continue
            var score = 1
            if (low.contains("metrics")) score += 2
            if (low.contains("metrics exporter")) score += 2
            if (low.contains("port") || low.contains("listen")) score += 1
            cands.add(Cand(score, n, port, line.trim()))
        }
    }
    if (cands.isEmpty()) {
        println("No memory mentions the metrics exporter's port (looked at ${names.size} memories).")
        return
    }
    val best = cands.sortedByDescending { it.score }.first()
    println("The metrics exporter listens on port ${best.port}")
    println("(from memory `${best.name}`: ${best.line})")
    val others = cands.filter { it !== best && it.port != best.port }
    for (o in others) println("other exporter mention in `${o.name}`: ${o.line}")
}
