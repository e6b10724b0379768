import gg.*

fun allHits(query: String, module: String?): List<DocHit> {
    val out = mutableListOf<DocHit>()
    var offset = 0
    while (true) {
        val page = gg.docs.search(query, module = module, offset = offset, limit = 50)
        out.addAll(page.hits)
        offset += page.hits.size
        if (page.hits.isEmpty() || offset >= page.total) break
    }
    return out
}

fun isBoardOp(h: DocHit): Boolean {
    val inBoard = h.module == "board" || h.module.endsWith(".board") ||
        h.name.startsWith("board.") || h.name.contains(".board.")
    if (!inBoard) return false
    val short = h.name.substringAfterLast('.')
    if (short == "board") return false // the family itself
    return h.signature.contains("(") || h.signature.contains("fun ")
}

fun main() {
    var ops = listOf<DocHit>()
    for (mod in listOf("board", "gg.board")) {
        try {
            ops = allHits("", mod).filter { isBoardOp(it) }
        } catch (e: ApiError) {
            ops = emptyList()
        }
        if (ops.isNotEmpty()) break
    }
    if (ops.isEmpty()) {
        ops = allHits("board issue", null).filter { isBoardOp(it) }
    }
    val names = ops.map { it.name }.distinct()
    if (names.isEmpty()) {
        val fallback = listOf("board.createIssue", "board.updateIssue", "board.listIssues", "board.removeIssue")
        for (n in fallback) {
            gg.views.openDocs(n)
            println("docs view: " + n + " (not found by search; opened by name)")
        }
        return
    }
    for (h in ops.distinctBy { it.name }) {
        gg.views.openDocs(h.name)
        println("docs view: " + h.name + " — " + h.brief)
    }
}
