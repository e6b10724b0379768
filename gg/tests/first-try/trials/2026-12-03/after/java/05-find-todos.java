import gg.*;
import java.util.*;

class Main {
    public static void main(String[] args) {
        List<SearchMatch> matches = Files.search("TODO", "src");
        if (matches.isEmpty()) System.out.println("(no TODO under src)");
        for (SearchMatch m : matches) {
            String path = m.path();
            if (path.startsWith("./")) path = path.substring(2);
            if (!path.startsWith("src/")) path = "src/" + path;
            String text = m.text();
            while (text.endsWith("\n") || text.endsWith("\r")) text = text.substring(0, text.length() - 1);
            System.out.println(path + ":" + m.line() + ": " + text);
        }
    }
}
