import gg.*;
import java.util.*;

class Main {
    public static void main(String[] args) {
        String path = "notes/worklog.md";
        String entry = "- 2026-12-03: reviewed the payments design";
        FileRead r = gg.Files.readFile(path);
        if (r.truncated()) {
            r = gg.Files.readFile(path, 0, r.totalLines() + 1);
        }
        String c = r.contents();
        if (!c.isEmpty() && !c.endsWith("\n")) c += "\n";
        c += entry + "\n";
        gg.Files.writeFile(path, c);
        System.out.println("Appended to " + path + ": " + entry);
    }
}
