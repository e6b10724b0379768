import gg.*;
import java.util.*;
import java.util.regex.*;

class Main {
    public static void main(String[] args) {
        String path = "config/app.ini";
        FileRead r = Files.readFile(path);
        if (r.truncated()) r = Files.readFile(path, 0, r.totalLines());
        String text = r.contents();
        String[] lines = text.split("\n", -1);

        Pattern portKey = Pattern.compile(
            "^(\\s*[\\w.\\-]*port[\\w.\\-]*\\s*[=:]\\s*[\"']?)8080(?!\\d)", Pattern.CASE_INSENSITIVE);
        Pattern levelKey = Pattern.compile(
            "^(\\s*[\\w.\\-]*(?:level|log)[\\w.\\-]*\\s*[=:]\\s*[\"']?)info(?!\\w)", Pattern.CASE_INSENSITIVE);

        int ports = replace(lines, portKey, "9090", false);
        if (ports == 0) {
            ports = replace(lines, Pattern.compile("^(.*?[=:]\\s*[\"']?)8080(?!\\d)"), "9090", true);
        }
        int levels = replace(lines, levelKey, "debug", false);
        if (levels == 0) {
            levels = replace(lines, Pattern.compile("^(.*?[=:]\\s*[\"']?)info(?!\\w)", Pattern.CASE_INSENSITIVE), "debug", true);
        }

        if (ports == 0 || levels == 0) {
            System.out.println("Could not find " + (ports == 0 ? "the port 8080 " : "") + (levels == 0 ? "the log level info" : "")
                + "; file left unchanged. It reads:");
            System.out.println(text);
            System.exit(1);
        }
        String updated = String.join("\n", lines);
        Files.writeFile(path, updated);
        System.out.println("changed " + ports + " port line(s) and " + levels + " log level line(s):");
        for (String line : lines) {
            if (line.contains("9090") || line.toLowerCase().contains("debug")) System.out.println("  " + line.trim());
        }
    }

    // Replace group-1-prefixed match in matching lines; with onlyIfUnique, only when exactly one line matches.
    static int replace(String[] lines, Pattern p, String value, boolean onlyIfUnique) {
        List<Integer> hits = new ArrayList<>();
        for (int i = 0; i < lines.length; i++) {
            String t = lines[i].trim();
            if (t.startsWith("#") || t.startsWith(";")) continue;
            if (p.matcher(lines[i]).find()) hits.add(i);
        }
        if (onlyIfUnique && hits.size() != 1) return 0;
        for (int i : hits) {
            Matcher m = p.matcher(lines[i]);
            if (m.find()) lines[i] = m.group(1) + value + lines[i].substring(m.end());
        }
        return hits.size();
    }
}
