import gg.*

fun main() {
    val m = gg.memories.read("vpn")
    gg.memories.write("office-vpn", m.body, description = m.description, code = m.code)
    val copy = gg.memories.read("office-vpn")
    if (copy.body != m.body || copy.description != m.description) {
        println("the copy under office-vpn differs; kept vpn")
        throw IllegalStateException("copy mismatch")
    }
    gg.memories.delete("vpn")
    println("renamed memory vpn to office-vpn (" + m.description + ")")
}
