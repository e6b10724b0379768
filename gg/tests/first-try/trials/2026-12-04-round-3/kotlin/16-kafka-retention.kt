import gg.*

fun main() {
    val names = gg.memories.search().map { it.name }.distinct().sorted()
    val found = mutableListOf<String>()
    for (n in names) {
        val m = gg.memories.read(n)
        val all = (m.name + "\n" + m.description + "\n" + m.body).lowercase()
        if (all.contains("kafka") && all.contains("retention")) found.add(m.name)
    }
    if (found.isEmpty()) println("(no memory mentions both Kafka and retention)")
    for (n in found) println(n)
}
