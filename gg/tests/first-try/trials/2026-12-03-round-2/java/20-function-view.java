import gg.*;
import java.util.*;

class Main {
    static int indentOf(String l) {
        int i = 0;
        while (i < l.length() && (l.charAt(i) == ' ' || l.charAt(i) == '\t')) i++;
        return i;
    }

    static boolean isDef(String l) {
        String t = l.trim();
        return t.startsWith("def ") || t.startsWith("async def ");
    }

    public static void main(String[] args) {
        String path = "src/reader.py";
        FileRead r = gg.Files.readFile(path);
        if (r.truncated()) r = gg.Files.readFile(path, 0, r.totalLines() + 1);
        String text = r.contents();
        List<String> lines = new ArrayList<>(Arrays.asList(text.split("\n", -1)));
        if (!lines.isEmpty() && lines.get(lines.size() - 1).isEmpty() && text.endsWith("\n")) {
            lines.remove(lines.size() - 1);
        }
        int start = -1;
        for (int i = 0; i < lines.size(); i++) {
            String t = lines.get(i).trim();
            if (t.startsWith("def parse_header(") || t.startsWith("def parse_header ")
                    || t.startsWith("async def parse_header(")) {
                start = i;
                break;
            }
        }
        if (start < 0) {
            System.out.println("No def parse_header in " + path);
            System.exit(1);
        }
        int indent = indentOf(lines.get(start));
        int end = lines.size();
        for (int i = start + 1; i < lines.size(); i++) {
            String l = lines.get(i);
            if (isDef(l) && indentOf(l) <= indent) {
                end = i;
                break;
            }
        }
        int limit = end - start;
        FileRead shown = Views.openFile(path, start, limit);
        System.out.println("Opened " + path + " lines " + (start + 1) + "-" + end + " (" + limit + " lines) for next turn:");
        System.out.println(shown.contents());
    }
}
