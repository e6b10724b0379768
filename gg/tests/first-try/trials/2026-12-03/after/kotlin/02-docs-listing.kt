import gg.*

fun main() {
    for (e in gg.files.listDir("docs")) {
        val kind = when (e.kind) {
            EntryKind.FILE -> "file"
            EntryKind.DIRECTORY -> "folder"
            EntryKind.SYMLINK -> "symlink"
            EntryKind.OTHER -> "other"
        }
        println("${e.name}: $kind")
    }
}
