import gg.*;
import java.util.*;

class Main {
    static String lastLine(String output) {
        if (output == null) return "";
        String[] lines = output.split("\n");
        for (int i = lines.length - 1; i >= 0; i--) {
            String l = lines[i].replace("\r", "");
            if (!l.trim().isEmpty()) return l;
        }
        return "";
    }

    public static void main(String[] args) {
        ShellOutput full = gg.Shell.run("sh scripts/full-check.sh", 5.0);
        String which;
        ShellOutput result;
        if (!full.timedOut()) {
            which = "full check (sh scripts/full-check.sh)";
            result = full;
        } else {
            System.out.println("the full check did not finish in 5 seconds; running the quick check");
            which = "quick check (sh scripts/quick-check.sh)";
            result = gg.Shell.run("sh scripts/quick-check.sh", null);
            if (result.timedOut()) which += ", which also timed out";
        }
        System.out.println("result from: " + which + ", exit code " + result.exitCode());
        System.out.println("last line: " + lastLine(result.output()));
    }
}
