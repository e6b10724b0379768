import gg.*

fun main() {
    val newPort = "6543"
    val mem = gg.memories.read("staging-db")
    val body = mem.body
    println("Before:")
    println(body)

    // Find the port the memory names now: "port 5432", "port: 5432", "PGPORT=5432", or "host:5432".
    val byWord = Regex("(?i)port\\D{0,6}?(\\d{2,5})").find(body)
    val byColon = Regex("[A-Za-z0-9_.\\-]+:(\\d{4,5})\\b").find(body)
    val oldPort = byWord?.groupValues?.get(1) ?: byColon?.groupValues?.get(1)

    val newBody: String
    if (oldPort == null) {
        val sep = if (body.isEmpty() || body.endsWith("\n")) "" else "\n"
        newBody = body + sep + "The staging database listens on port " + newPort + ".\n"
        println("No port found in the memory; added a line with the new port.")
    } else if (oldPort == newPort) {
        println("The memory already says port $newPort; nothing to change.")
        return
    } else {
        newBody = Regex("\\b" + oldPort + "\\b").replace(body, newPort)
        println("Changed port $oldPort to $newPort.")
    }

    gg.memories.write("staging-db", mem.description, newBody, code = mem.code)
    val after = gg.memories.read("staging-db")
    println("After (description: ${after.description}):")
    println(after.body)
}
