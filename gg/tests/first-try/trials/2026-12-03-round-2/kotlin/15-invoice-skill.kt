import gg.*

fun readAll(path: String): String {
    val r = gg.files.readFile(path)
    if (!r.truncated) return r.contents
    return gg.files.readFile(path, offset = 0, limit = r.totalLines).contents
}

fun invoiceNumber(year: Int, order: Int): String {
    val orderDigits = order.toString().padStart(5, '0')
    val digits = year.toString() + orderDigits
    var sum = 0
    for ((idx, ch) in digits.take(9).withIndex()) {
        sum += (idx + 1) * (ch - '0')
    }
    val letters = "ABCDEFGHJKLMNPQRSTUVWXYZ"
    val check = letters[sum % 24]
    return "INV-" + year + "-" + orderDigits + "-" + check
}

fun main() {
    val year = 2026
    val order = 1187
    val customer = "Lindqvist AB"
    val total = 1250.5

    val number = invoiceNumber(year, order)
    // Sanity check against an existing invoice.
    if (invoiceNumber(2026, 1150) != "INV-2026-01150-P") println("Warning: check letter formula disagrees with INV-2026-01150-P")

    val invoice = "invoice: " + number + "\n" +
        "customer: " + customer + "\n" +
        "total: " + "%.2f".format(total) + " EUR\n"
    val path = "invoices/" + number + ".txt"
    gg.files.writeFile(path, invoice)

    val indexPath = "invoices/index.txt"
    val index = readAll(indexPath)
    val base = if (index.isEmpty() || index.endsWith("\n")) index else index + "\n"
    val entry = number + " " + customer
    if (index.lines().any { it.trim() == entry }) {
        println("index.txt already lists $entry")
    } else {
        gg.files.writeFile(indexPath, base + entry + "\n")
    }

    println("Wrote $path:")
    println(invoice)
    println("invoices/index.txt now reads:")
    println(readAll(indexPath))
}
