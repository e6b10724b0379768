// What gg's Java driver (its TeaVM transformer `JavaWasmCompiler.Checks`) makes the program's own
// classes call where TeaVM 0.13.1 checks nothing: an array's length (a negative one is Java's
// NegativeArraySizeException, one whose bytes TeaVM's int sizes cannot spell is out of memory, and
// a constant one no longer drops TeaVM's bounds check of a constant index), and int and long
// division and remainder (a zero divisor is Java's ArithmeticException, not a wasm trap). Not for
// programs to call.
package gg;

public final class Checks {
    private Checks() {}

    /**
     * Never set. TeaVM 0.13.1 compiles a method with a result whose loop never exits (a
     * `while (true)` with no `break` or `return`) to WebAssembly that does not validate (nothing on
     * the stack at the function's end); the driver gives each such back edge an exit taken when
     * this is true, which it never is, so the loop spins until gg's deadline as it should.
     */
    public static boolean never;

    /** What that exit would throw. */
    public static RuntimeException unreachable() {
        return new IllegalStateException("gg: an exit the driver added was taken");
    }

    /**
     * `n` elements of `itemBytes` each. An array past {@link Heap#LARGEST} wrapped TeaVM's int
     * size into a small block with a huge length; instead, after the denied growth
     * ({@link Heap#pastLargest}), it throws OutOfMemoryError, so gg reports the program out of
     * memory as for any other array past its limit.
     */
    public static int size(int n, int itemBytes) {
        if (n < 0) throw new NegativeArraySizeException(String.valueOf(n));
        long bytes = (long) n * itemBytes;
        if (Heap.pastLargest(bytes)) {
            throw new OutOfMemoryError("Java heap space: an array of " + n + " elements needs " + bytes + " bytes");
        }
        return n;
    }

    public static int div(int a, int b) {
        if (b == 0) throw new ArithmeticException("/ by zero");
        return b == -1 ? -a : a / b;
    }

    public static int rem(int a, int b) {
        if (b == 0) throw new ArithmeticException("/ by zero");
        return b == -1 ? 0 : a % b;
    }

    public static long div(long a, long b) {
        if (b == 0) throw new ArithmeticException("/ by zero");
        return b == -1 ? -a : a / b;
    }

    public static long rem(long a, long b) {
        if (b == 0) throw new ArithmeticException("/ by zero");
        return b == -1 ? 0 : a % b;
    }
}
