import gg.*

// Kotlin/Wasm (WASI) has no file functions of its own in its standard library, so gg's are used.
fun main() {
    val path = "data/scores.csv"
    val r = gg.files.readFile(path)
    val text = if (r.truncated) gg.files.readFile(path, offset = 0, limit = r.totalLines).contents else r.contents
    val rows = mutableListOf<Pair<String, Double>>()
    for (raw in text.lines()) {
        val line = raw.trim()
        if (line.isEmpty()) continue
        val parts = line.split(",").map { it.trim().trim('"') }
        if (parts.size < 2) continue
        val score = parts[1].toDoubleOrNull() ?: continue  // skips the header
        rows.add(parts[0] to score)
    }
    if (rows.isEmpty()) {
        println("No scores found in $path")
        gg.exitProcess(1)
        return
    }
    val top = rows.maxByOrNull { it.second }!!
    val avg = rows.sumOf { it.second } / rows.size
    val summary = "top: ${top.first}\naverage: ${"%.1f".format(avg)}\n"
    gg.files.writeFile("data/summary.txt", summary)
    print(summary)
}
