import gg.*
import kotlin.system.exitProcess

fun allHits(query: String, module: String?): List<DocHit> {
    val out = mutableListOf<DocHit>()
    var offset = 0
    while (true) {
        val page = try {
            gg.docs.search(query, module = module, offset = offset, limit = 50)
        } catch (e: ApiError) {
            println("docs.search(\"$query\", module=$module) failed: ${e.code} ${e.message}")
            break
        }
        out.addAll(page.hits)
        offset += page.hits.size
        if (page.hits.isEmpty() || offset >= page.total) break
    }
    return out
}

fun isTasksFamily(h: DocHit): Boolean {
    val mod = h.module.lowercase()
    val name = h.name.lowercase()
    return mod == "tasks" || mod.endsWith(".tasks") ||
        name.startsWith("tasks.") || name.contains(".tasks.")
}

fun isOperation(h: DocHit): Boolean {
    val sig = h.signature.trimStart()
    if (sig.startsWith("data class") || sig.startsWith("enum class") || sig.startsWith("class") ||
        sig.startsWith("sealed") || sig.startsWith("object")) return false
    return sig.contains("(") || sig.contains("fun ")
}

fun main() {
    val seen = LinkedHashMap<String, DocHit>()
    val attempts = listOf<Pair<String, String?>>(
        Pair("", "tasks"),
        Pair("tasks", null),
        Pair("task", null),
        Pair("", "gg.tasks"),
    )
    for ((q, mod) in attempts) {
        for (h in allHits(q, mod)) {
            val key = h.module + "|" + h.name
            if (key !in seen) seen[key] = h
        }
    }
    println("Documentation hits looked at: ${seen.size}")
    for (h in seen.values) println("  ${h.module} :: ${h.name} :: ${h.signature}")

    val ops = seen.values.filter { isTasksFamily(it) && isOperation(it) }
    val names = ops.map { it.name }.distinct()
    if (names.isEmpty()) {
        println("Found no documented operations of the tasks family.")
        exitProcess(1)
    }
    gg.files.writeFile("docs/tasks-api.txt", names.joinToString("\n") + "\n")
    println("Wrote docs/tasks-api.txt:")
    for (n in names) println(n)
}
