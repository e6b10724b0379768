import gg.*
import kotlin.system.exitProcess

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
    val monthRe = Regex("^\\d{4}-\\d{2}\\.csv$")
    val months = gg.files.listDir("sales")
        .filter { it.kind == EntryKind.FILE && monthRe.matches(it.name) }
        .map { it.name }
        .sorted()
    val wanted = "2026-12.csv"
    val name = if (wanted in months) wanted else months.lastOrNull()
    if (name == null) {
        println("no monthly sales file in sales/")
        exitProcess(1)
    }
    val path = "sales/" + name
    val rows = gg.files.readFile(path).contents.lines()
        .map { it.trimEnd('\r') }
        .filter { it.isNotBlank() }
    val header = parseCsvLine(rows[0]).map { it.trim().lowercase() }
    val col = header.indexOf("amount")
    if (col < 0) {
        println("no amount column in " + path)
        exitProcess(1)
    }
    var totalCents = 0L
    var skipped = 0
    for (row in rows.drop(1)) {
        val f = parseCsvLine(row)
        val raw = if (col < f.size) f[col].trim().replace("_", "") else ""
        val v = raw.toDoubleOrNull()
        if (v == null) {
            skipped++
            continue
        }
        totalCents += kotlin.math.round(v * 100).toLong()
    }
    val total = if (totalCents % 100 == 0L) (totalCents / 100).toString()
    else "%.2f".format(totalCents / 100.0)
    val note = if (name == wanted) "" else " (sales/2026-12.csv is not there yet, so the newest month's file)"
    val summary = "Totalled the amount column of " + path + note + ": " + total +
        (if (skipped > 0) " (" + skipped + " rows without a number skipped)" else "")
    println(summary)
    gg.session.finish(summary)
}
