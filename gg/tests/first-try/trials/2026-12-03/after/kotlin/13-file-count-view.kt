import gg.*

fun main() {
    val count = gg.files.listDir().count { it.kind == EntryKind.FILE }
    gg.views.openText("file count", count.toString())
    println(count)
}
