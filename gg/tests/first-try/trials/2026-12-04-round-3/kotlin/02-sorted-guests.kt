import gg.*

fun fold(s: String): String {
    val map = mapOf(
        'à' to 'a', 'á' to 'a', 'â' to 'a', 'ã' to 'a', 'ä' to 'a', 'å' to 'a',
        'ç' to 'c', 'è' to 'e', 'é' to 'e', 'ê' to 'e', 'ë' to 'e',
        'ì' to 'i', 'í' to 'i', 'î' to 'i', 'ï' to 'i', 'ñ' to 'n',
        'ò' to 'o', 'ó' to 'o', 'ô' to 'o', 'õ' to 'o', 'ö' to 'o', 'ø' to 'o',
        'ù' to 'u', 'ú' to 'u', 'û' to 'u', 'ü' to 'u', 'ý' to 'y', 'ÿ' to 'y'
    )
    val sb = StringBuilder()
    for (c in s.lowercase()) sb.append(map[c] ?: c)
    return sb.toString()
}

fun main() {
    val text = gg.files.readFile("lists/guests.txt").contents
    val names = text.lines()
        .map { it.trim() }
        .filter { it.isNotEmpty() }
        .distinct()
        .sortedWith(compareBy<String>({ fold(it) }, { it }))
    gg.files.writeFile("lists/guests-sorted.txt", names.joinToString("\n") + "\n")
    println("wrote lists/guests-sorted.txt with " + names.size + " names:")
    for (n in names) println(n)
}
