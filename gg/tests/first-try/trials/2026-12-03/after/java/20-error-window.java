import gg.*;
import java.util.*;

class Main {
    public static void main(String[] args) {
        String path = "logs/build.log";
        int lineNo = -1;  // 1-based

        List<SearchMatch> matches;
        try {
            matches = Files.search("ERROR", path);
        } catch (ApiError e) {
            matches = Files.search("ERROR", "logs");
        }
        List<SearchMatch> mine = new ArrayList<>();
        for (SearchMatch m : matches) if (m.path().endsWith("build.log")) mine.add(m);

        if (!mine.isEmpty()) {
            int n = mine.get(0).line();
            // Check whether the reported number counts from 1 (expected) or from 0.
            if (lineHas(path, n - 1)) lineNo = n;
            else if (lineHas(path, n)) lineNo = n + 1;
            else lineNo = n;
            if (mine.size() > 1) System.out.println("note: " + mine.size() + " lines contain ERROR; using the first");
        } else {
            FileRead r = Files.readFile(path);
            if (r.truncated()) r = Files.readFile(path, 0, r.totalLines());
            String[] lines = r.contents().split("\n", -1);
            for (int i = 0; i < lines.length; i++) {
                if (lines[i].contains("ERROR")) { lineNo = i + 1; break; }
            }
        }
        if (lineNo < 1) {
            System.out.println("no line with ERROR in " + path);
            System.exit(1);
        }
        System.out.println(lineNo);
        int offset = Math.max(0, lineNo - 1 - 5);
        Views.openFile(path, offset, 11);
    }

    static boolean lineHas(String path, int offset) {
        if (offset < 0) return false;
        try {
            return Files.readFile(path, offset, 1).contents().contains("ERROR");
        } catch (ApiError e) {
            return false;
        }
    }
}
