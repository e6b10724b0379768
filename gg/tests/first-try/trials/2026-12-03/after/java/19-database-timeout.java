import gg.*;
import java.util.*;
import java.util.regex.*;

class Main {
    record Sec(String kind, int indent, String name) {}
    record Hit(int line, String key, String context) {}

    public static void main(String[] args) {
        String path = "config/server.conf";
        FileRead r = Files.readFile(path);
        if (r.truncated()) r = Files.readFile(path, 0, r.totalLines());
        String text = r.contents();
        String[] lines = text.split("\n", -1);

        Pattern ini = Pattern.compile("^\\s*\\[\\s*([^\\]]+?)\\s*\\]\\s*$");
        Pattern brace = Pattern.compile("^\\s*([\\w.\\-\"]+)\\s*[=:]?\\s*\\{\\s*$");
        Pattern yaml = Pattern.compile("^(\\s*)([\\w.\\-\"]+)\\s*:\\s*$");
        Pattern timeout = Pattern.compile(
            "^(\\s*\"?([\\w.\\-]*timeout[\\w.\\-]*)\"?\\s*[=:]?\\s*[\"']?)30(?!\\d)", Pattern.CASE_INSENSITIVE);

        List<Sec> stack = new ArrayList<>();
        List<Hit> hits = new ArrayList<>();
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            String t = line.trim();
            if (t.isEmpty() || t.startsWith("#") || t.startsWith(";") || t.startsWith("//")) continue;
            int indent = 0;
            while (indent < line.length() && (line.charAt(indent) == ' ' || line.charAt(indent) == '\t')) indent++;
            while (!stack.isEmpty() && stack.get(stack.size() - 1).kind().equals("yaml")
                    && stack.get(stack.size() - 1).indent() >= indent) {
                stack.remove(stack.size() - 1);
            }
            Matcher m;
            if ((m = ini.matcher(line)).matches()) {
                stack.clear();
                stack.add(new Sec("ini", -1, m.group(1)));
                continue;
            }
            if (t.startsWith("}")) {
                while (!stack.isEmpty()) {
                    Sec s = stack.remove(stack.size() - 1);
                    if (s.kind().equals("brace")) break;
                }
                continue;
            }
            if ((m = brace.matcher(line)).matches()) {
                stack.add(new Sec("brace", indent, m.group(1)));
                continue;
            }
            if ((m = yaml.matcher(line)).matches()) {
                stack.add(new Sec("yaml", indent, m.group(2)));
                continue;
            }
            m = timeout.matcher(line);
            if (m.find()) {
                StringBuilder ctx = new StringBuilder();
                for (Sec s : stack) ctx.append(s.name()).append(' ');
                ctx.append(m.group(2));
                hits.add(new Hit(i, m.group(2), ctx.toString().toLowerCase()));
            }
        }

        List<Hit> db = new ArrayList<>();
        for (Hit h : hits) if (h.context().contains("database") || h.context().contains("db")) db.add(h);
        if (db.size() > 1) {
            List<Hit> exact = new ArrayList<>();
            for (Hit h : db) if (h.key().equalsIgnoreCase("timeout") || h.key().toLowerCase().endsWith(".timeout")) exact.add(h);
            if (!exact.isEmpty()) db = exact;
        }
        if (db.size() != 1) {
            System.out.println("Expected one database timeout of 30, found " + db.size() + "; file left unchanged:");
            System.out.println(text);
            System.exit(1);
        }
        Hit h = db.get(0);
        Matcher m = timeout.matcher(lines[h.line()]);
        m.find();
        String before = lines[h.line()];
        lines[h.line()] = m.group(1) + "60" + before.substring(m.end());
        Files.writeFile(path, String.join("\n", lines));
        System.out.println("line " + (h.line() + 1) + ": '" + before.trim() + "' -> '" + lines[h.line()].trim() + "'");
    }
}
