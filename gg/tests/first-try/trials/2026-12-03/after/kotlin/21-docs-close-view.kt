import gg.*

fun main() {
    var hits = gg.docs.search("close view").hits
    if (hits.isEmpty()) hits = gg.docs.search("close").hits
    val hit = hits.firstOrNull { it.name.endsWith("close") && (it.name.contains("views") || it.module.contains("views")) }
        ?: hits.firstOrNull { it.name.endsWith("close") }
        ?: hits.firstOrNull()
    if (hit == null) {
        println("No documentation found for closing a view")
        gg.exitProcess(1)
        return
    }
    println(hit.signature)
    gg.views.openDocs(hit.name)
}
