// What gg's Java driver (its TeaVM transformer `JavaWasmCompiler.ClasslibGaps`) makes TeaVM
// 0.13.1's class library call where it lacks a method or says less than the JVM: `String.lines()`,
// and the exceptions, with the JVM's messages, for an index out of range in `ArrayList`, `String`
// and `StringBuilder` and for an empty `Optional` (TeaVM's there have none), and `Thread.sleep`'s
// refusal of a negative time. Not for programs to call.
package gg;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

public final class Gaps {
    private Gaps() {}

    /** `String.lines()`: the text's lines, split at `\n`, `\r` or `\r\n`, without their ends. */
    public static Stream<String> lines(String text) {
        List<String> lines = new ArrayList<>();
        int start = 0;
        int n = text.length();
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            if (c != '\n' && c != '\r') continue;
            lines.add(text.substring(start, i));
            if (c == '\r' && i + 1 < n && text.charAt(i + 1) == '\n') i++;
            start = i + 1;
        }
        if (start < n) lines.add(text.substring(start));
        return lines.stream();
    }

    /** `ArrayList.get`, `set` and `remove(int)`. */
    public static IndexOutOfBoundsException index(int index, int size) {
        return new IndexOutOfBoundsException("Index " + index + " out of bounds for length " + size);
    }

    /** `ArrayList.add(int, E)`. */
    public static IndexOutOfBoundsException positionIndex(int index, int size) {
        return new IndexOutOfBoundsException("Index: " + index + ", Size: " + size);
    }

    /** `String.charAt`. */
    public static StringIndexOutOfBoundsException charIndex(int index, int length) {
        return new StringIndexOutOfBoundsException("String index out of range: " + index);
    }

    /** `StringBuilder.charAt` and `setCharAt`. */
    public static StringIndexOutOfBoundsException builderIndex(int index, int length) {
        return new StringIndexOutOfBoundsException("index " + index + ", length " + length);
    }

    /** `String.substring`, before TeaVM's own check (which throws a bare IndexOutOfBoundsException). */
    public static void checkSubstring(int begin, int end, int length) {
        if (begin < 0 || begin > end || end > length) throw substring(begin, end, length);
    }

    /** `Optional.get` and `orElseThrow()`. */
    public static java.util.NoSuchElementException noValue() {
        return new java.util.NoSuchElementException("No value present");
    }

    /** `Thread.sleep(millis)`, which TeaVM lets a negative time through. */
    public static void sleepTime(long millis) {
        if (millis < 0) throw new IllegalArgumentException("timeout value is negative");
    }

    /** `String.substring`. */
    public static StringIndexOutOfBoundsException substring(int begin, int end, int length) {
        return new StringIndexOutOfBoundsException("begin " + begin + ", end " + end + ", length " + length);
    }
}
