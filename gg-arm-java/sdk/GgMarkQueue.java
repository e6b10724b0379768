// TeaVM's collector's mark queue, for TeaVM 0.13.1's `org.teavm.runtime.GC`, whose calls to its own
// `MarkQueue` the driver's `MarkSpill` transform sends here instead. TeaVM's queue is a ring in the
// collector's storage (heap/64 entries) that ends the program "Out of memory" when it fills: marking
// one array whose references outnumber that (a list of 3,000,000 boxed longs in a 64 MiB heap, whose
// storage holds 262,144) killed a program that had memory to spare. This queue, when full, marks
// what it holds first (`drain`, sent by the transform to the collector's own `doProcessMarkQueue`,
// which dequeues until empty) and then takes the entry: each object is still queued once and marked
// once, only in another order, and marking never needs more room than the ring has.
// Unmanaged: it runs inside the collector. Not for programs to call.
package org.teavm.runtime;

import org.teavm.interop.Address;
import org.teavm.interop.Unmanaged;

@Unmanaged
final class GgMarkQueue {
    private GgMarkQueue() {}

    private static int head;
    private static int tail;
    private static int limit;

    /** Answered by the transform with the collector's `doProcessMarkQueue`. */
    private static native void drain();

    static void init() {
        head = 0;
        tail = 0;
        limit = GC.gcStorageSize() / 4;
    }

    static void enqueue(RuntimeObject object) {
        int next = tail + 1 >= limit ? 0 : tail + 1;
        if (next == head) {
            drain();
            next = tail + 1 >= limit ? 0 : tail + 1;
        }
        GC.gcStorageAddress().add(4 * tail).putInt(pack(object.toAddress()));
        tail = next;
    }

    static RuntimeObject dequeue() {
        Address result = unpack(GC.gcStorageAddress().add(4 * head).getInt());
        if (++head >= limit) {
            head = 0;
        }
        return result.toStructure();
    }

    static boolean isEmpty() {
        return head == tail;
    }

    private static int pack(Address address) {
        return (int) ((address.toLong() - GC.heapAddress().toLong()) >>> 2);
    }

    private static Address unpack(int packed) {
        return GC.heapAddress().add((long) packed << 2);
    }
}
