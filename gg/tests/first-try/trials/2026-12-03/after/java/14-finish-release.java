import gg.*;
import java.util.*;
import java.util.regex.*;

class Main {
    public static void main(String[] args) {
        FileRead r = Files.readFile("notes/status.txt");
        if (r.truncated()) r = Files.readFile("notes/status.txt", 0, r.totalLines());
        String text = r.contents();

        Map<String, String> kv = new LinkedHashMap<>();
        Pattern kvp = Pattern.compile("^\\s*([A-Za-z][\\w .\\-]*?)\\s*[:=]\\s*(.*?)\\s*$");
        String firstLine = null;
        for (String line : text.split("\n")) {
            if (firstLine == null && !line.trim().isEmpty()) firstLine = line.trim();
            Matcher m = kvp.matcher(line);
            if (m.matches()) kv.put(m.group(1).trim().toLowerCase(), unquote(m.group(2)));
        }
        String state = kv.getOrDefault("state", kv.get("status"));
        if (state == null && firstLine != null) state = firstLine;
        String version = kv.get("version");
        if (version == null) {
            Matcher vm = Pattern.compile("v?\\d+(?:\\.\\d+)+").matcher(text);
            if (vm.find()) version = vm.group();
        }

        if (state != null && state.trim().equalsIgnoreCase("ready")) {
            String summary = version != null
                ? "The release is ready: version " + version + "."
                : "The release is ready (notes/status.txt gives no version).";
            Session.finish(summary);
            System.out.println("finishing: " + summary);
        } else {
            System.out.println(text);
        }
    }

    static String unquote(String s) {
        s = s.trim();
        if (s.length() >= 2 && (s.startsWith("\"") && s.endsWith("\"") || s.startsWith("'") && s.endsWith("'"))) {
            s = s.substring(1, s.length() - 1);
        }
        return s;
    }
}
