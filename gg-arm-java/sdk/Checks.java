// What gg's Java driver (its TeaVM transformer `JavaWasmCompiler.Checks`) makes the program's own
// classes call where TeaVM 0.13.1 checks nothing: an array's length (a negative one is Java's
// NegativeArraySizeException, and a constant one no longer drops TeaVM's bounds check of a
// constant index), and int and long division and remainder (a zero divisor is Java's
// ArithmeticException, not a wasm trap). Not for programs to call.
package gg;

public final class Checks {
    private Checks() {}

    public static int size(int n) {
        if (n < 0) throw new NegativeArraySizeException(String.valueOf(n));
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
