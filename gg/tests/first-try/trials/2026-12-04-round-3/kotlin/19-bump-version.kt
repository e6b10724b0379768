import gg.*
import kotlin.system.exitProcess

fun main() {
    val path = "pyproject.toml"
    val text = gg.files.readFile(path).contents
    val lines = text.split("\n").toMutableList()
    val versionRe = Regex("^(\\s*version\\s*=\\s*[\"'])1\\.4\\.2([\"'].*)$")
    var section = ""
    var changed = 0
    for (i in lines.indices) {
        val trimmed = lines[i].trim()
        if (trimmed.startsWith("[")) {
            section = trimmed.trim('[', ']').trim()
            continue
        }
        if (section == "project") {
            val m = versionRe.find(lines[i])
            if (m != null) {
                lines[i] = m.groupValues[1] + "1.5.0" + m.groupValues[2]
                changed++
                break
            }
        }
    }
    if (changed != 1) {
        println("did not find the project's version = \"1.4.2\" in [project]; nothing changed")
        exitProcess(1)
    }
    gg.files.writeFile(path, lines.joinToString("\n"))
    println("pyproject.toml: [project] version 1.4.2 -> 1.5.0")
}
