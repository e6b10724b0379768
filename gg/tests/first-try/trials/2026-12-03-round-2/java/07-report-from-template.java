import gg.*;
import java.util.*;

class Main {
    public static void main(String[] args) {
        FileRead r = gg.Files.readFile("templates/report.md");
        if (r.truncated()) r = gg.Files.readFile("templates/report.md", 0, r.totalLines() + 1);
        String text = r.contents()
                .replace("{{month}}", "December 2026")
                .replace("{{author}}", "Dana");
        gg.Files.writeFile("reports/2026-12.md", text);
        System.out.println("Wrote reports/2026-12.md:");
        System.out.println(text);
    }
}
