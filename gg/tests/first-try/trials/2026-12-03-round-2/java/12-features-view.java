import gg.*;
import java.util.*;

class Main {
    static String text;
    static int pos;

    static void skipWs() {
        while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) pos++;
    }

    static String readString() {
        // at opening quote
        pos++;
        StringBuilder sb = new StringBuilder();
        while (pos < text.length() && text.charAt(pos) != '"') {
            char c = text.charAt(pos);
            if (c == '\\' && pos + 1 < text.length()) {
                pos++;
                char e = text.charAt(pos);
                if (e == 'n') sb.append('\n');
                else if (e == 't') sb.append('\t');
                else sb.append(e);
            } else {
                sb.append(c);
            }
            pos++;
        }
        pos++; // closing quote
        return sb.toString();
    }

    // Skip any JSON value, returning its raw text.
    static String skipValue() {
        skipWs();
        int start = pos;
        char c = text.charAt(pos);
        if (c == '"') {
            readString();
        } else if (c == '{' || c == '[') {
            int depth = 0;
            while (pos < text.length()) {
                char d = text.charAt(pos);
                if (d == '"') { readString(); continue; }
                if (d == '{' || d == '[') depth++;
                if (d == '}' || d == ']') {
                    depth--;
                    if (depth == 0) { pos++; break; }
                }
                pos++;
            }
        } else {
            while (pos < text.length() && ",}] \t\r\n".indexOf(text.charAt(pos)) < 0) pos++;
        }
        return text.substring(start, pos).trim();
    }

    public static void main(String[] args) {
        FileRead r = gg.Files.readFile("config/app.json");
        if (r.truncated()) r = gg.Files.readFile("config/app.json", 0, r.totalLines() + 1);
        text = r.contents();
        pos = 0;
        skipWs();
        if (pos >= text.length() || text.charAt(pos) != '{') throw new IllegalStateException("config/app.json is not a JSON object");
        pos++;
        List<String> on = new ArrayList<>();
        boolean foundFeatures = false;
        while (true) {
            skipWs();
            if (pos >= text.length() || text.charAt(pos) == '}') break;
            if (text.charAt(pos) == ',') { pos++; continue; }
            String key = readString();
            skipWs();
            pos++; // ':'
            skipWs();
            if (key.equals("features") && text.charAt(pos) == '{') {
                foundFeatures = true;
                pos++;
                while (true) {
                    skipWs();
                    if (pos >= text.length()) break;
                    char c = text.charAt(pos);
                    if (c == '}') { pos++; break; }
                    if (c == ',') { pos++; continue; }
                    String name = readString();
                    skipWs();
                    pos++; // ':'
                    String value = skipValue();
                    if (value.equals("true")) on.add(name);
                }
            } else {
                skipValue();
            }
        }
        if (!foundFeatures) System.out.println("No \"features\" object in config/app.json");
        String body = String.join("\n", on);
        Views.openText("features on", body);
        System.out.println("Features on (" + on.size() + "):");
        System.out.println(body);
    }
}
