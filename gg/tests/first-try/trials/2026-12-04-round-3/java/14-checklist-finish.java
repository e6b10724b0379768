import gg.*;
import java.util.*;

class Main {
    public static void main(String[] args) {
        FileRead read = gg.Files.readFile("release/checklist.md");
        if (read.truncated()) throw new IllegalStateException("release/checklist.md was read only in part");
        int items = 0;
        List<String> open = new ArrayList<>();
        for (String raw : read.contents().split("\n")) {
            String line = raw.replace("\r", "");
            String t = line.trim();
            if (t.length() < 5) continue;
            char bullet = t.charAt(0);
            if (bullet != '-' && bullet != '*' && bullet != '+') continue;
            String rest = t.substring(1).trim();
            if (rest.length() < 3 || rest.charAt(0) != '[' || rest.charAt(2) != ']') continue;
            char mark = rest.charAt(1);
            items++;
            if (mark != 'x' && mark != 'X') {
                open.add(t);
            }
        }
        if (items == 0) {
            System.out.println("release/checklist.md has no checklist items");
            return;
        }
        if (open.isEmpty()) {
            String summary = "The release checklist is complete: all " + items + " items are ticked.";
            gg.Session.finish(summary);
            System.out.println(summary);
        } else {
            System.out.println(open.size() + " of " + items + " items are not ticked:");
            for (String item : open) System.out.println(item);
        }
    }
}
