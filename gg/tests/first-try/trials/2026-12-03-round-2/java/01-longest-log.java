import gg.*;
import java.util.*;

class Main {
    static int countLines(String s) {
        if (s == null || s.isEmpty()) return 0;
        int n = 0;
        for (int i = 0; i < s.length(); i++) if (s.charAt(i) == '\n') n++;
        if (s.charAt(s.length() - 1) != '\n') n++;
        return n;
    }

    public static void main(String[] args) {
        String best = null;
        int bestLines = -1;
        for (DirEntry e : gg.Files.listDir("logs")) {
            if (e.kind() != EntryKind.FILE) continue;
            FileRead r = gg.Files.readFile("logs/" + e.name());
            int n = r.truncated() ? r.totalLines() : countLines(r.contents());
            System.out.println("  " + e.name() + ": " + n + " lines");
            if (n > bestLines) {
                best = e.name();
                bestLines = n;
            }
        }
        if (best == null) {
            System.out.println("No log files found in logs");
            return;
        }
        System.out.println("Most lines: " + best + " (" + bestLines + " lines)");
    }
}
