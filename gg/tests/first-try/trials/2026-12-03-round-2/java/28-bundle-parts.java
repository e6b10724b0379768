import gg.*;
import java.util.*;

class Main {
    static String readWhole(String path) {
        FileRead r = gg.Files.readFile(path);
        if (r.truncated()) r = gg.Files.readFile(path, 0, r.totalLines() + 1);
        return r.contents();
    }

    static String stripTrailingNewlines(String s) {
        int end = s.length();
        while (end > 0 && (s.charAt(end - 1) == '\n' || s.charAt(end - 1) == '\r')) end--;
        return s.substring(0, end);
    }

    public static void main(String[] args) {
        List<String> parts = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        List<String> pieces = new ArrayList<>();
        for (String raw : readWhole("manifest.txt").split("\n")) {
            String path = raw.trim();
            if (path.isEmpty()) continue;
            String text;
            try {
                text = readWhole(path);
            } catch (ApiError e) {
                if (e.code() != ErrorCode.NOT_FOUND) throw e;
                missing.add(path);
                int id = Board.createIssue(new IssueInput("Missing part: " + path, null, List.of("docs")));
                System.out.println("Missing " + path + ": filed issue #" + id);
                continue;
            }
            parts.add(path);
            pieces.add(stripTrailingNewlines(text));
        }
        String guide = String.join("\n\n", pieces) + (pieces.isEmpty() ? "" : "\n");
        try {
            Shell.run("mkdir -p dist");
        } catch (ApiError e) {
            System.out.println("mkdir failed: " + e.getMessage());
        }
        gg.Files.writeFile("dist/guide.md", guide);
        System.out.println("Wrote dist/guide.md from " + parts.size() + " parts: " + String.join(", ", parts));
        String summary = "Built dist/guide.md from " + parts.size() + " parts (" + String.join(", ", parts) + ")"
                + (missing.isEmpty() ? "." : "; " + missing.size() + " missing part(s) filed as board issues: "
                + String.join(", ", missing) + ".");
        Session.finish(summary);
    }
}
