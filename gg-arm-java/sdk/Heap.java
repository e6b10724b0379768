// How far TeaVM's heap may grow: the driver's GC transform (`JavaWasmCompiler.HeapGrowth`) makes
// TeaVM's collector ask `Heap.ceiling` where it asked TeaVM's fixed ceiling. Unmanaged (it runs
// inside the collector: no allocation, no exception). Not for programs to call.
package gg;

import org.teavm.backend.wasm.WasmHeap;
import org.teavm.interop.Import;
import org.teavm.interop.Unmanaged;
import org.teavm.runtime.GC;

@Unmanaged
public final class Heap {
    private Heap() {}

    /** The bytes of linear memory gg lets this program reach (its limit, or the arm's ceiling). */
    @Import(module = "gg-java", name = "memory_limit")
    private static native long memoryLimit();

    /**
     * The most the heap may grow to in a collection that wants it larger and needs it to be
     * `requested` bytes (0: the collection freed what was asked for). TeaVM's own rule grows it
     * to twice what is live up to TeaVM's fixed ceiling, which had a program whose one big array
     * fit under gg's limit, but not twice over, denied (gg's out of memory). Here the growth
     * stops where the memory would pass gg's limit; `requested` is never cut (a heap that must
     * pass the limit asks for it and meets gg's denial: out of memory); and a heap already at the
     * limit that a collection left less than 1/16 free asks to pass it too, so a program that
     * keeps nearly all of it ends out of memory rather than collecting ever more often for ever
     * less (a 230 MiB array and a growing list spent 12 s of a 256 MiB run so). TeaVM's ceiling
     * still holds.
     */
    public static long ceiling(long requested) {
        // WasmHeap's layout past the heap's H bytes: 2 bytes of region table and 1 of card table
        // per 1 KiB region, H/16 of collector storage, three 16-byte alignments, and the last
        // 64 KiB page rounded up: at most H * 1091 / 1024 + 65600 bytes after the heap's start.
        long fit = (memoryLimit() - GC.heapAddress().toLong() - 65600) * 1024 / 1091;
        fit -= fit % 8;
        long heap = GC.availableBytes();
        long wanted = requested > fit ? requested : fit;
        if (heap >= fit && GC.getFreeMemory() < heap / 16) {
            long past = heap + heap / 16 + (1 << 20);
            wanted = wanted > past ? wanted : past;
        }
        long most = GC.maxAvailableBytes();
        return wanted < most ? wanted : most;
    }

    /** The largest array, in bytes, TeaVM's allocator sizes in an int with its header and slack. */
    static final long LARGEST = Integer.MAX_VALUE - 64;

    /**
     * Whether an array of `bytes` is past {@link #LARGEST} (2 GiB, above any memory gg gives
     * Java); if it is, first asks for 2 GiB more linear memory, which gg denies, so gg reports
     * the program out of memory however the caller then ends it.
     */
    static boolean pastLargest(long bytes) {
        if (bytes <= LARGEST) return false;
        WasmHeap.growMemory(32768);
        return true;
    }

    /**
     * An array's element bytes, where TeaVM's allocator multiplied in an int (the driver's
     * `ArrayBytes` transform sends it here). Past {@link #LARGEST}, which wrapped, it ends the
     * program in TeaVM's out of memory after the denied growth: gg reports it out of memory. (The program's own
     * arrays meet `Checks.size` first, which throws OutOfMemoryError at its line.)
     */
    public static int arrayBytes(int itemSize, int length) {
        long bytes = (long) itemSize * length;
        if (pastLargest(bytes)) GC.outOfMemory();
        return (int) bytes;
    }
}
