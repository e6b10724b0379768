import gg.*;
import java.util.*;

class Main {
    public static void main(String[] args) {
        String path = "deploy/app.env";
        FileRead read = gg.Files.readFile(path);
        if (read.truncated()) {
            throw new IllegalStateException(path + " was read only in part");
        }
        String text = read.contents();
        StringBuilder out = new StringBuilder();
        int removed = 0;
        int start = 0;
        while (start < text.length()) {
            int nl = text.indexOf('\n', start);
            int end = nl < 0 ? text.length() : nl + 1;
            String line = text.substring(start, end);
            String bare = line;
            if (bare.endsWith("\n")) bare = bare.substring(0, bare.length() - 1);
            if (bare.endsWith("\r")) bare = bare.substring(0, bare.length() - 1);
            if (bare.trim().equals("DEBUG=1")) {
                removed++;
            } else {
                out.append(line);
            }
            start = end;
        }
        if (removed == 0) {
            System.out.println("no line DEBUG=1 in " + path + "; nothing changed");
            return;
        }
        gg.Files.writeFile(path, out.toString());
        System.out.println("removed " + removed + " DEBUG=1 line(s) from " + path);
    }
}
