import gg.*;
import java.util.*;
import java.util.regex.*;

class Main {
    static final String ENTRY = "Fixed the crash when saving an empty file";

    public static void main(String[] args) {
        String skill = Skills.read("changelog");
        System.out.println("--- skill changelog ---");
        System.out.println(skill);
        System.out.println("--- end of skill ---");

        // If the skill documents a function of its code module, call it in a follow-up program:
        // the module binds from the next program on.
        Matcher call = Pattern.compile("lib\\.changelog\\.(\\w+)\\s*\\(").matcher(skill);
        if (call.find()) {
            String fn = call.group(1);
            String src = "import gg.*;\n\n"
                + "class Main {\n"
                + "    public static void main(String[] args) {\n"
                + "        lib.changelog." + fn + "(\"" + ENTRY + "\");\n"
                + "        System.out.println(\"recorded the change with lib.changelog." + fn + "\");\n"
                + "    }\n"
                + "}\n";
            Programs.rerun(src);
            System.out.println("will record the change next with lib.changelog." + fn + "(...)");
            return;
        }

        String file = pickFile(skill);
        String content;
        try {
            FileRead r = Files.readFile(file);
            if (r.truncated()) r = Files.readFile(file, 0, r.totalLines());
            content = r.contents();
        } catch (ApiError e) {
            if (e.code() != ErrorCode.NOT_FOUND) throw e;
            content = "";
        }
        boolean trailingNewline = content.endsWith("\n");
        List<String> lines = new ArrayList<>(Arrays.asList(content.split("\n", -1)));
        if (trailingNewline) lines.remove(lines.size() - 1);
        if (content.isEmpty()) lines.clear();

        String bullet = "- ";
        for (String l : lines) {
            Matcher bm = Pattern.compile("^\\s*([-*+])\\s").matcher(l);
            if (bm.find()) { bullet = bm.group(1) + " "; break; }
        }
        String entryLine = bullet + ENTRY;

        Pattern unreleased = Pattern.compile("^#{1,3}\\s*\\[?\\s*unreleased\\b.*$", Pattern.CASE_INSENSITIVE);
        Pattern h2 = Pattern.compile("^##\\s.*$");
        int sec = indexOf(lines, unreleased, 0);
        if (sec < 0 && skill.toLowerCase().contains("unreleased")) {
            String heading = skill.contains("[Unreleased]") ? "## [Unreleased]" : "## Unreleased";
            int first = indexOf(lines, h2, 0);
            if (first < 0) {
                if (!lines.isEmpty() && !lines.get(lines.size() - 1).trim().isEmpty()) lines.add("");
                lines.add(heading);
                sec = lines.size() - 1;
            } else {
                lines.add(first, heading);
                lines.add(first + 1, "");
                sec = first;
            }
        }
        if (sec < 0) sec = indexOf(lines, h2, 0);

        int insertAt;
        if (sec < 0) {
            // No sections at all: add the entry at the end of the file.
            insertAt = lines.size();
            lines.add(entryLine);
        } else {
            int level = headingLevel(lines.get(sec));
            int end = lines.size();
            for (int i = sec + 1; i < lines.size(); i++) {
                int lv = headingLevel(lines.get(i));
                if (lv > 0 && lv <= level) { end = i; break; }
            }
            boolean hasSub = false;
            for (int i = sec + 1; i < end; i++) if (headingLevel(lines.get(i)) > level) hasSub = true;
            boolean useCategory = hasSub
                || Pattern.compile("###\\s*Fixed", Pattern.CASE_INSENSITIVE).matcher(skill).find()
                || (skill.contains("Added") && skill.contains("Fixed"));
            if (useCategory) {
                int fixed = -1;
                for (int i = sec + 1; i < end; i++) {
                    String l = lines.get(i);
                    if (headingLevel(l) > level && l.replaceFirst("^#+\\s*", "").trim().toLowerCase().startsWith("fixed")) {
                        fixed = i;
                        break;
                    }
                }
                if (fixed >= 0) {
                    int subEnd = end;
                    for (int i = fixed + 1; i < end; i++) if (headingLevel(lines.get(i)) > 0) { subEnd = i; break; }
                    insertAt = lastNonBlank(lines, fixed, subEnd) + 1;
                    lines.add(insertAt, entryLine);
                } else {
                    int at = lastNonBlank(lines, sec, end) + 1;
                    List<String> block = new ArrayList<>();
                    if (!lines.get(at - 1).trim().isEmpty()) block.add("");
                    block.add("### Fixed");
                    block.add("");
                    block.add(entryLine);
                    lines.addAll(at, block);
                    insertAt = at + block.size() - 1;
                }
            } else {
                insertAt = lastNonBlank(lines, sec, end) + 1;
                lines.add(insertAt, entryLine);
            }
            if (insertAt + 1 < lines.size() && headingLevel(lines.get(insertAt + 1)) > 0) {
                lines.add(insertAt + 1, "");
            }
        }

        String updated = String.join("\n", lines) + (trailingNewline || content.isEmpty() ? "\n" : "");
        Files.writeFile(file, updated);
        System.out.println("added to " + file + " at line " + (insertAt + 1) + ": " + entryLine);
        int from = Math.max(0, insertAt - 6);
        int to = Math.min(lines.size(), insertAt + 4);
        for (int i = from; i < to; i++) System.out.println((i + 1) + ": " + lines.get(i));
    }

    static int indexOf(List<String> lines, Pattern p, int from) {
        for (int i = from; i < lines.size(); i++) if (p.matcher(lines.get(i)).matches()) return i;
        return -1;
    }

    static int headingLevel(String line) {
        int n = 0;
        while (n < line.length() && line.charAt(n) == '#') n++;
        if (n == 0 || n >= line.length() || line.charAt(n) != ' ') return 0;
        return n;
    }

    // Index of the last non-blank line in [start, end), or start when all are blank.
    static int lastNonBlank(List<String> lines, int start, int end) {
        int last = start;
        for (int i = start; i < end; i++) if (!lines.get(i).trim().isEmpty()) last = i;
        return last;
    }

    static boolean exists(String path) {
        try {
            Files.readFile(path, 0, 1);
            return true;
        } catch (ApiError e) {
            return false;
        }
    }

    static String pickFile(String skill) {
        Matcher m = Pattern.compile("[\\w./\\-]*[Cc][Hh][Aa][Nn][Gg][Ee][Ll][Oo][Gg][\\w.\\-]*").matcher(skill);
        List<String> named = new ArrayList<>();
        while (m.find()) {
            String t = m.group();
            while (t.endsWith(".")) t = t.substring(0, t.length() - 1);
            if (t.startsWith("./")) t = t.substring(2);
            if (t.contains(".") && !named.contains(t)) named.add(t);
        }
        for (String t : named) if (exists(t)) return t;
        for (DirEntry e : Files.listDir(null)) {
            if (e.kind() == EntryKind.FILE && e.name().toLowerCase().contains("changelog")) return e.name();
        }
        if (!named.isEmpty()) return named.get(0);
        return "CHANGELOG.md";
    }
}
