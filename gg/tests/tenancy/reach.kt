// Session B's reach through WASI preview1 imports the program declares itself (@WasmImport):
// Kotlin/Wasm's standard library has no files, no environment and no sockets, so the program
// finds the preopened directories (fd_prestat_*), opens paths beneath them (path_open, fd_read,
// fd_readdir) and reads the environment (environ_get) the way a C library would, in linear memory
// it allocates itself. `PROBE ...: ok` for what it reached outside its workspace,
// `PROBE ...: denied ...` for what it did not.
@file:OptIn(kotlin.wasm.ExperimentalWasmInterop::class, kotlin.wasm.unsafe.UnsafeWasmMemoryApi::class)

import gg.*
import kotlin.wasm.WasmImport
import kotlin.wasm.unsafe.MemoryAllocator
import kotlin.wasm.unsafe.Pointer
import kotlin.wasm.unsafe.withScopedMemoryAllocator

const val A_ROOT = "@@A_ROOT@@"
const val A_PARENT = "@@A_PARENT@@"
const val STATE_HOME = "@@STATE_HOME@@"
const val SERVER_HOME = "@@SERVER_HOME@@"
const val PORT = "@@PORT@@"

@WasmImport("wasi_snapshot_preview1", "fd_prestat_get")
external fun prestatGet(fd: Int, prestat: Int): Int

@WasmImport("wasi_snapshot_preview1", "fd_prestat_dir_name")
external fun prestatDirName(fd: Int, path: Int, len: Int): Int

@WasmImport("wasi_snapshot_preview1", "path_open")
external fun pathOpen(dirfd: Int, dirflags: Int, path: Int, pathLen: Int, oflags: Int, base: Long, inheriting: Long, fdflags: Int, fd: Int): Int

@WasmImport("wasi_snapshot_preview1", "fd_read")
external fun fdRead(fd: Int, iovs: Int, iovsLen: Int, nread: Int): Int

@WasmImport("wasi_snapshot_preview1", "fd_readdir")
external fun fdReaddir(fd: Int, buf: Int, bufLen: Int, cookie: Long, used: Int): Int

@WasmImport("wasi_snapshot_preview1", "fd_close")
external fun fdClose(fd: Int): Int

@WasmImport("wasi_snapshot_preview1", "environ_sizes_get")
external fun environSizesGet(count: Int, size: Int): Int

@WasmImport("wasi_snapshot_preview1", "environ_get")
external fun environGet(environ: Int, buf: Int): Int

const val OFLAGS_DIRECTORY = 2
const val RIGHTS = (1L shl 1) or (1L shl 14) // fd_read, fd_readdir
const val FILETYPE_DIRECTORY = 3
const val FILETYPE_REGULAR = 4

val preopens = linkedMapOf<Int, String>()
var budget = 0

fun Pointer.bytes(n: Int): ByteArray = ByteArray(n) { (this + it).loadByte() }

fun MemoryAllocator.put(b: ByteArray): Pointer {
    val p = allocate(maxOf(b.size, 1))
    for (i in b.indices) (p + i).storeByte(b[i])
    return p
}

fun addr(p: Pointer): Int = p.address.toInt()

fun findPreopens() = withScopedMemoryAllocator { a ->
    val prestat = a.allocate(8)
    for (fd in 3 until 64) {
        if (prestatGet(fd, addr(prestat)) != 0) break
        val len = (prestat + 4).loadInt()
        val name = a.allocate(len + 1)
        prestatDirName(fd, addr(name), len)
        preopens[fd] = name.bytes(len).decodeToString()
    }
}

/** Opens `path` beneath the preopen that holds it, as wasi-libc does: its fd, or -errno. */
fun open(path: String, directory: Boolean): Int {
    var best = -1
    var rest: String? = null
    for ((fd, name) in preopens) {
        val prefix = if (name.endsWith("/")) name else "$name/"
        if (path == name || path.startsWith(prefix)) {
            val r = if (path == name) "." else path.substring(prefix.length)
            if (rest == null || r.length < rest.length) { best = fd; rest = r }
        }
    }
    if (best < 0) return -44 // ENOENT: no preopen holds it
    return openAt(best, rest!!.ifEmpty { "." }, directory)
}

fun openAt(dirfd: Int, rel: String, directory: Boolean): Int = withScopedMemoryAllocator { a ->
    val b = rel.encodeToByteArray()
    val p = a.put(b)
    val fd = a.allocate(4)
    val errno = pathOpen(dirfd, 1, addr(p), b.size, if (directory) OFLAGS_DIRECTORY else 0, RIGHTS, RIGHTS, 0, addr(fd))
    if (errno == 0) fd.loadInt() else -errno
}

fun printable(b: ByteArray): String = buildString {
    for (x in b) {
        val c = x.toInt() and 0xff
        if (c in 32..126 && c != '\\'.code) append(c.toChar()) else append("\\x" + c.toString(16).padStart(2, '0'))
    }
}

fun read(path: String) {
    val fd = open(path, false)
    if (fd < 0) { println("PROBE read $path: denied errno ${-fd}"); return }
    withScopedMemoryAllocator { a ->
        val buf = a.allocate(4096)
        val iov = a.allocate(8)
        iov.storeInt(addr(buf))
        (iov + 4).storeInt(4096)
        val n = a.allocate(4)
        val errno = fdRead(fd, addr(iov), 1, addr(n))
        fdClose(fd)
        if (errno != 0) println("PROBE read $path: denied errno $errno (fd_read)")
        else println("PROBE read $path: ok \"${printable(buf.bytes(minOf(n.loadInt(), 200)))}\"")
    }
}

/** The entries of the directory `fd`: name to WASI file type. */
fun entries(fd: Int): Map<String, Int> = withScopedMemoryAllocator { a ->
    val out = mutableMapOf<String, Int>()
    val size = 16384
    val buf = a.allocate(size)
    val used = a.allocate(4)
    var cookie = 0L
    while (true) {
        if (fdReaddir(fd, addr(buf), size, cookie, addr(used)) != 0) break
        val n = used.loadInt()
        var at = 0
        var whole = true
        while (at + 24 <= n) {
            val next = (buf + at).loadLong()
            val len = (buf + at + 16).loadInt()
            val type = (buf + at + 20).loadByte().toInt()
            if (at + 24 + len > n) { whole = false; break }
            val name = (buf + at + 24).bytes(len).decodeToString()
            if (name != "." && name != "..") out[name] = type
            cookie = next
            at += 24 + len
        }
        if (whole && n < size) break
    }
    out.toList().sortedBy { it.first }.toMap()
}

fun walk(top: String, depth: Int) {
    val fd = open(top, true)
    if (fd < 0) { println("PROBE list $top: denied errno ${-fd}"); return }
    val names = entries(fd)
    fdClose(fd)
    println("PROBE list $top: ok ${names.keys.joinToString(" ").take(3000)}")
    for ((name, type) in names) {
        if (budget <= 0) return
        budget--
        val path = "$top/$name"
        if (type == FILETYPE_DIRECTORY) { if (depth > 0) walk(path, depth - 1) }
        else if (type == FILETYPE_REGULAR) read(path)
    }
}

fun walkFrom(top: String, depth: Int) {
    budget = 100
    walk(top, depth)
}

fun environment(): List<String> = withScopedMemoryAllocator { a ->
    val count = a.allocate(4)
    val size = a.allocate(4)
    environSizesGet(addr(count), addr(size))
    val pointers = a.allocate(4 * (count.loadInt() + 1))
    val n = size.loadInt()
    val buf = a.allocate(n + 1)
    environGet(addr(pointers), addr(buf))
    buf.bytes(n).decodeToString().split('\u0000').filter { it.isNotEmpty() }.sorted()
}

fun main() {
    findPreopens()
    println("preopens: ${preopens.values}")
    read("$A_ROOT/secret.txt")
    read("$A_ROOT/secret-own.txt")
    read("/proc/self/environ")
    read("/proc/self/cmdline")
    read("/etc/passwd")
    walkFrom(A_ROOT, 3)
    walkFrom(A_PARENT, 3)
    walkFrom(A_PARENT.substringBeforeLast('/'), 0)
    walkFrom(STATE_HOME, 4)
    walkFrom("$SERVER_HOME/.local/state", 4)
    // Beneath each preopen, a path that climbs out of it.
    for ((fd, name) in preopens) {
        val opened = openAt(fd, "../../../../../../../..$A_ROOT/secret.txt", false)
        if (opened >= 0) { fdClose(opened); println("PROBE escape from $name: ok opened") }
        else println("PROBE escape from $name: denied errno ${-opened}")
    }
    for (v in environment()) println("ENV $v")
    println("NET tcp 127.0.0.1:$PORT: unsupported Kotlin/Wasm has no sockets, and WASI preview1 (this arm's imports)" +
        " has no call that opens or connects a socket (sock_accept/recv/send act only on sockets the host hands over)")
}
