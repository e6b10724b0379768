// Prints the views the connection's earlier programs opened, then opens one of its own.
import gg.*

fun main() {
    println("views: [" + views.current().joinToString(",") { it.selector } + "]")
    views.openText("opened by a Kotlin program", "kotlin")
}
