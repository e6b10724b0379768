// `kotlin.system.exitProcess`, the spelling every Kotlin programmer writes, which Kotlin/Wasm's
// WASI standard library lacks (it is the JVM's and Native's): the SDK's `gg.exitProcess`, so the
// program ends with its status. Compiled into the SDK's klib with `-Xallow-kotlin-package`.
package kotlin.system

/** Ends the program now with exit status [status]. */
fun exitProcess(status: Int): Nothing = gg.exitProcess(status)
