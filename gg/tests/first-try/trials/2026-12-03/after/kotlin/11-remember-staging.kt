import gg.*

fun main() {
    gg.memories.write(
        name = "staging-server",
        description = "Staging server address and how to reach it (SSH port 2222)",
        body = "The staging server is staging.example.internal, reachable over SSH on port 2222 " +
            "(e.g. ssh -p 2222 staging.example.internal).",
    )
    println("Saved memory staging-server")
}
