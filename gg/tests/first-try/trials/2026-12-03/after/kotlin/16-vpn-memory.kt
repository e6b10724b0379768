import gg.*

fun main() {
    var hits = gg.memories.search(listOf("vpn", "VPN", "office", "connect"))
    var best = hits.firstOrNull { it.name.contains("vpn", true) || it.description.contains("vpn", true) }
    if (best == null) {
        val all = try { gg.memories.search() } catch (e: ApiError) { emptyList() }
        best = all.firstOrNull { it.name.contains("vpn", true) || it.description.contains("vpn", true) }
        if (best == null) {
            for (h in (hits + all)) {
                val m = gg.memories.read(h.name)
                if (m.body.contains("vpn", true)) { best = h; break }
            }
        }
    }
    if (best == null) {
        println("No memory about the office VPN found")
        gg.exitProcess(1)
        return
    }
    val memory = gg.memories.read(best.name)
    gg.files.writeFile("docs/vpn.md", memory.body)
    println("Wrote the body of memory '${memory.name}' to docs/vpn.md")
}
