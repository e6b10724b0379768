import gg.*

fun main() {
    for (m in gg.files.search("TODO", "src")) {
        println("${m.path}:${m.line}: ${m.text}")
    }
}
