import gg.*

val moneyCode = """
/** Formats an amount in cents as euros, e.g. 129900 -> "1,299.00 EUR". */
fun formatEuros(cents: Long): String {
    val negative = cents < 0
    val abs = if (negative) -cents else cents
    val euros = (abs / 100).toString()
    val rest = (abs % 100).toString().padStart(2, '0')
    val sb = StringBuilder()
    for (i in euros.indices) {
        if (i > 0 && (euros.length - i) % 3 == 0) sb.append(',')
        sb.append(euros[i])
    }
    return (if (negative) "-" else "") + sb.toString() + "." + rest + " EUR"
}

fun formatEuros(cents: Int): String = formatEuros(cents.toLong())
""".trimStart()

val secondProgram = """
import gg.*
import lib.money.*

fun main() {
    val r = gg.files.readFile("data/orders.csv")
    val text = if (r.truncated) gg.files.readFile("data/orders.csv", offset = 0, limit = r.totalLines).contents else r.contents
    val totals = HashMap<String, Long>()
    var first = true
    for (line in text.lines()) {
        if (line.isBlank()) continue
        val parts = line.split(",").map { it.trim() }
        if (first) {
            first = false
            if (parts.lastOrNull()?.toLongOrNull() == null) continue
        }
        if (parts.size < 3) continue
        val customer = parts.subList(1, parts.size - 1).joinToString(",")
        val cents = parts[parts.size - 1].toLong()
        totals[customer] = (totals[customer] ?: 0L) + cents
    }
    val sb = StringBuilder()
    for (name in totals.keys.sorted()) {
        sb.append(name).append(": ").append(formatEuros(totals[name]!!)).append("\n")
    }
    gg.files.writeFile("reports/totals.txt", sb.toString())
    println("Wrote reports/totals.txt:")
    print(sb.toString())
}
""".trimStart()

fun main() {
    gg.memories.write(
        "money",
        "Helpers for showing amounts of money",
        "formatEuros(cents) formats an amount given in cents as euros with a thousands separator " +
            "and two decimals, e.g. formatEuros(129900) == \"1,299.00 EUR\". Import it with `import lib.money.*`.",
        code = moneyCode,
    )
    println("Saved the memory `money`.")
    val mk = gg.shell.run("mkdir -p reports")
    if (mk.exitCode != 0) println("mkdir -p reports: " + mk.output)
    gg.programs.rerun(secondProgram)
    println("The program that writes reports/totals.txt runs next.")
}
