import gg.*;
import java.util.*;

class Main {
    public static void main(String[] args) {
        String path = "pyproject.toml";
        FileRead read = gg.Files.readFile(path);
        if (read.truncated()) throw new IllegalStateException(path + " was read only in part");
        String text = read.contents();
        StringBuilder out = new StringBuilder();
        String section = "";
        int changed = 0;
        int start = 0;
        while (start < text.length()) {
            int nl = text.indexOf('\n', start);
            int end = nl < 0 ? text.length() : nl + 1;
            String line = text.substring(start, end);
            String t = line.trim();
            if (t.startsWith("[") && !t.startsWith("[[")) {
                int close = t.indexOf(']');
                if (close > 0) section = t.substring(1, close).trim();
            } else if (section.equals("project") && changed == 0) {
                int eq = t.indexOf('=');
                if (eq > 0 && t.substring(0, eq).trim().equals("version")
                        && t.substring(eq + 1).trim().startsWith("\"1.4.2\"")) {
                    line = line.replace("1.4.2", "1.5.0");
                    changed++;
                }
            }
            out.append(line);
            start = end;
        }
        if (changed != 1) {
            System.out.println("did not find the project's version = \"1.4.2\" in [project]; nothing changed");
            System.exit(1);
        }
        gg.Files.writeFile(path, out.toString());
        System.out.println("set the project's version to 1.5.0 in " + path);
    }
}
