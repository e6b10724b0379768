// `System.exit(n)` as a program compiled by gg's Java arm reaches it: TeaVM 0.13.1's class library
// has no System.exit, so the arm writes the program's calls as `GgExit.exit(n)` (same length, no
// column moves). In the default package, where the program is.
public final class GgExit {
    private GgExit() {}

    public static void exit(int status) {
        gg.Program.exit(status);
    }
}
