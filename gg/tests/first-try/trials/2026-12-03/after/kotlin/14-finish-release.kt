import gg.*

fun main() {
    val path = "notes/status.txt"
    val r = gg.files.readFile(path)
    val text = if (r.truncated) gg.files.readFile(path, offset = 0, limit = r.totalLines).contents else r.contents
    val state = Regex("(?im)^\\s*(?:state|status)\\s*[:=]\\s*(\\S+)").find(text)?.groupValues?.get(1)
    val version = Regex("(?im)^\\s*version\\s*[:=]\\s*(\\S+)").find(text)?.groupValues?.get(1)
    if (state != null && state.trim('"', '\'', '.').lowercase() == "ready") {
        val v = version?.trim('"', '\'') ?: "(unknown version)"
        gg.session.finish("The release is ready: version $v.")
        println("Release $v is ready; finishing.")
    } else {
        println(text)
    }
}
