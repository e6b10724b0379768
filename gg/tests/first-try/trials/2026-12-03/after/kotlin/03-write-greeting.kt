import gg.*

fun main() {
    val path = "out/greeting.txt"
    val text = "Hello from the agent\n"
    try {
        gg.files.writeFile(path, text)
    } catch (e: ApiError) {
        gg.shell.run("mkdir -p out")
        gg.files.writeFile(path, text)
    }
    println("Wrote $path")
}
