import gg.*

// Kotlin/Wasm for WASI has no file functions of its own in the standard library,
// so this program reads and writes files with gg's files operations.

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
    val rows = gg.files.readFile("data/stock.csv").contents.lines()
        .map { it.trimEnd('\r') }
        .filter { it.isNotBlank() }
    val header = parseCsvLine(rows[0]).map { it.trim().lowercase() }
    val itemCol = header.indexOf("item")
    val stockCol = header.indexOf("stock")
    val minCol = header.indexOf("minimum")
    val low = mutableListOf<String>()
    for (row in rows.drop(1)) {
        val f = parseCsvLine(row)
        if (f.size <= maxOf(itemCol, stockCol, minCol)) continue
        val stock = f[stockCol].trim().toDoubleOrNull() ?: continue
        val min = f[minCol].trim().toDoubleOrNull() ?: continue
        if (stock < min) low.add(f[itemCol].trim())
    }
    gg.files.writeFile("reports/restock.txt", low.joinToString("\n") + if (low.isEmpty()) "" else "\n")
    println("wrote reports/restock.txt with " + low.size + " items")
    for (item in low) {
        val issue = gg.board.createIssue(IssueInput(title = "Restock " + item, labels = listOf("supplies")))
        println("#" + issue.id + " " + issue.title)
    }
}
