// The program's runner: the arm's entry class calls `Program.run` with the program's own `main`,
// so an exception that escapes it is reported through feedback.report_error (its class and
// message; a gg.ApiError as an api failure with its code) and the program ends cleanly, which gg
// reads as the program's error with that report. `Program.exit(n)` ends it with status n.
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

    private static void report(String kind, ErrorCode code, String message) {
        if (reported) return;
        reported = true;
        StringBuilder o = new StringBuilder("{\"error\":{\"kind\":");
        Wire.str(o, kind);
        o.append(",\"code\":");
        if (code == null) o.append("null");
        else Wire.str(o, code.wit);
        o.append(",\"message\":");
        Wire.str(o, message);
        o.append(",\"location\":null}}");
        Wire.raw("feedback.report_error", o.toString());
    }

    /** Runs `main`; what escapes it is reported as the program's error. */
    public static void run(Body main) {
        try {
            main.run();
        } catch (ApiError e) {
            System.out.flush();
            report("api-failure", e.code, "uncaught gg.ApiError (" + e.code + ") from " + e.operation + ": " + e.getMessage());
        } catch (Throwable e) {
            System.out.flush();
            String name = e.getClass().getName();
            report("other", null, e.getMessage() == null ? "uncaught " + name : "uncaught " + name + ": " + e.getMessage());
        }
        System.out.flush();
    }
}
