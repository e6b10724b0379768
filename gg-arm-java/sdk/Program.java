// The program's runner: the arm's entry class calls `Program.run` with the program's file name
// and its own `main`, so an exception that escapes it is reported through feedback.report_error
// (its class, message and the program's line from TeaVM's stack trace; a gg.ApiError as an api
// failure with its code) and the program ends cleanly, which gg reads as the program's error with
// that report. `Program.exit(n)` ends it with status n.
package gg;

import org.teavm.interop.Import;

public final class Program {
    private Program() {}

    /** The program's `main`, as the entry class hands it over. */
    public interface Body {
        void run() throws Throwable;
    }

    @Import(module = "wasi_snapshot_preview1", name = "proc_exit")
    private static native void procExit(int code);

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
        Wire.str(o, message);
        o.append(",\"location\":");
        location(o, e);
        o.append("}}");
        Wire.raw("feedback.report_error", o.toString());
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
    };

    /** Runs `main`, the program's class being in `programFile`; what escapes it is reported as the program's error. */
    public static void run(String programFile, Body main) {
        file = programFile;
        for (Class<?> c : NAMED) c.getName();
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
