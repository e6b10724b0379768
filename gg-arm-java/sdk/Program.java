// The program's runner: the arm's entry class calls `Program.run` with the program's file name
// and its own `main`, so an exception that escapes it is reported through feedback.report_error
// (its class, message and the program's line from TeaVM's stack trace; a gg.ApiError as an api
// failure with its code) and the program ends cleanly, which gg reads as the program's error with
// that report. `Program.exit(n)` ends it with status n.
package gg;

import java.nio.charset.StandardCharsets;
import org.teavm.interop.Address;
import org.teavm.interop.Import;

public final class Program {
    private Program() {}

    /** The program's `main`, as the entry class hands it over. */
    public interface Body {
        void run() throws Throwable;
    }

    @Import(module = "wasi_snapshot_preview1", name = "proc_exit")
    private static native void procExit(int code);

    @Import(module = "wasi_snapshot_preview1", name = "environ_sizes_get")
    private static native int environSizesGet(Address count, Address bytes);

    @Import(module = "wasi_snapshot_preview1", name = "environ_get")
    private static native int environGet(Address pointers, Address bytes);

    private static String workingDirectory;

    /**
     * The working directory gg names in PWD (the workspace), else `/`: what TeaVM's WASI file
     * system resolves a relative path against, its user directory being this (the driver's
     * `ClasslibGaps`). TeaVM's `System.getenv` answers null, so the environment is read here.
     */
    public static String workingDirectory() {
        if (workingDirectory == null) workingDirectory = environment("PWD", "/");
        return workingDirectory;
    }

    private static String environment(String name, String otherwise) {
        int[] count = new int[1];
        int[] size = new int[1];
        if (environSizesGet(Address.ofData(count), Address.ofData(size)) != 0 || size[0] == 0) return otherwise;
        int[] pointers = new int[count[0] + 1];
        byte[] bytes = new byte[size[0]];
        if (environGet(Address.ofData(pointers), Address.ofData(bytes)) != 0) return otherwise;
        String prefix = name + "=";
        for (int start = 0, i = 0; i <= bytes.length; i++) {
            if (i < bytes.length && bytes[i] != 0) continue;
            String entry = new String(bytes, start, i - start, StandardCharsets.UTF_8);
            if (entry.startsWith(prefix) && entry.length() > prefix.length()) return entry.substring(prefix.length());
            start = i + 1;
        }
        return otherwise;
    }

    private static boolean reported;

    /** Ends the program now with exit status `status` (as `System.exit` does). */
    public static void exit(int status) {
        System.out.flush();
        procExit(status);
    }

    private static void report(String kind, ErrorCode code, String message, Throwable e) {
        if (reported) return;
        reported = true;
        StringBuilder o = new StringBuilder("{\"error\":{\"kind\":");
        Wire.str(o, kind);
        o.append(",\"code\":");
        if (code == null) o.append("null");
        else Wire.str(o, code.wit);
        o.append(",\"message\":");
        // A lone surrogate in the message (which the wire refuses in an argument) becomes U+FFFD,
        // as every arm logs it: the report must reach the host.
        Wire.str(o, Wire.wellFormed(message));
        o.append(",\"location\":");
        location(o, e);
        o.append("}}");
        Wire.raw("feedback.report_error", o);
    }

    /** The program file's name as javac saw it (`Main.java`), set by `run`. */
    private static String file = "";

    /**
     * The innermost frame of `e`'s stack trace in the program (a class of the default package in
     * `file`) or a code module (package `lib`), as a location; `null` when there is none.
     */
    private static void location(StringBuilder o, Throwable e) {
        StackTraceElement[] trace = e.getStackTrace();
        if (trace != null) {
            for (StackTraceElement f : trace) {
                String cls = f.getClassName();
                String name = f.getFileName();
                if (cls == null || name == null || f.getLineNumber() <= 0) continue;
                String at = null;
                if (cls.indexOf('.') < 0 && name.equals(file)) at = "program.java";
                else if (cls.startsWith("lib.") && cls.indexOf('.', 4) < 0) at = "lib/" + name;
                if (at == null) continue;
                o.append("{\"file\":");
                Wire.str(o, at);
                o.append(",\"line\":").append(f.getLineNumber()).append(",\"column\":1}");
                return;
            }
        }
        o.append("null");
    }

    /**
     * TeaVM keeps a class's name only where it sees the name asked for; the exceptions its own
     * runtime and gg.Checks throw are asked for here, so their reports (and the program's own
     * `e.toString()`) name them.
     */
    private static final Class<?>[] NAMED = {
        ArrayIndexOutOfBoundsException.class, NullPointerException.class, ClassCastException.class,
        ArithmeticException.class, NegativeArraySizeException.class, OutOfMemoryError.class,
        IndexOutOfBoundsException.class, StringIndexOutOfBoundsException.class,
    };

    /** Runs `main`, the program's class being in `programFile`; what escapes it is reported as the program's error. */
    public static void run(String programFile, Body main) {
        file = programFile;
        for (Class<?> c : NAMED) c.getName();
        System.setProperty("user.dir", workingDirectory());
        if (programFile == null) {
            // Never runs; TeaVM's analysis sees these exceptions reach Throwable's methods, so a
            // program that catches one its runtime threw (which no `throw` told the analysis
            // about) can call them: without it, `e.toString()` on a caught
            // ArrayIndexOutOfBoundsException trapped on a missing table entry.
            for (Throwable t : new Throwable[] {
                new ArrayIndexOutOfBoundsException(), new NullPointerException(), new ClassCastException(),
                new ArithmeticException(), new NegativeArraySizeException(), new OutOfMemoryError(),
            }) {
                System.out.println(t.toString() + t.getMessage() + t.getLocalizedMessage() + t.getCause());
                t.printStackTrace();
                t.getStackTrace();
                t.fillInStackTrace();
                t.hashCode();
                t.equals(t);
            }
        }
        try {
            main.run();
        } catch (ApiError e) {
            System.out.flush();
            report("api-failure", e.code, "uncaught gg.ApiError (" + e.code + ") from " + e.operation + ": " + e.getMessage(), e);
        } catch (Throwable e) {
            System.out.flush();
            String name = e.getClass().getName();
            report("other", null, e.getMessage() == null ? "uncaught " + name : "uncaught " + name + ": " + e.getMessage(), e);
        }
        System.out.flush();
    }
}
