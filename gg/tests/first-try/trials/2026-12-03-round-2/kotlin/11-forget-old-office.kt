import gg.*

fun main() {
    val names = linkedSetOf<String>()
    val searches: List<List<String>> = listOf(
        emptyList<String>(),
        listOf("old-office", "old", "office", "Harbour", "Harbour Street"),
    )
    for (kw in searches) {
        try {
            for (h in gg.memories.search(kw)) names.add(h.name)
        } catch (e: ApiError) {
            println("search $kw failed: ${e.code} ${e.message}")
        }
    }
    val targets = names.filter { it.startsWith("old-office-") }.sorted()
    if (targets.isEmpty()) {
        println("No memories whose names start with old-office-.")
        return
    }
    println("Deleted:")
    for (n in targets) {
        try {
            gg.memories.delete(n)
            println(n)
        } catch (e: ApiError) {
            println("could not delete $n: ${e.code} ${e.message}")
        }
    }
}
