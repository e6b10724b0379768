import gg.*
import kotlin.system.exitProcess

fun lastLine(out: ShellOutput): String {
    val t = out.output.trimEnd()
    return if (t.isEmpty()) "(no output)" else t.lines().last()
}

fun main() {
    var deploy = gg.shell.run("sh deploy.sh")
    println("deploy exit code: " + (deploy.exitCode?.toString() ?: "none"))
    if (deploy.exitCode != 0) {
        val text = deploy.output.lowercase()
        val needsBuild = text.contains("build") || text.contains("built") || text.contains("dist")
        if (needsBuild) {
            println("Deploy failed: " + lastLine(deploy))
            println("It needs a build first; running sh build.sh.")
            val build = gg.shell.run("sh build.sh")
            println("build exit code: " + (build.exitCode?.toString() ?: "none") + ", last line: " + lastLine(build))
            if (build.exitCode != 0) {
                println("The build failed, so the deploy was not retried.")
                exitProcess(1)
            }
            deploy = gg.shell.run("sh deploy.sh")
            println("deploy exit code: " + (deploy.exitCode?.toString() ?: "none"))
        } else {
            println("Deploy failed for a reason other than a missing build.")
        }
    }
    println(lastLine(deploy))
}
