import gg.*;
import java.util.*;
import java.util.function.*;
import java.util.regex.*;

class Main {
    interface Check { String why(String line); }  // the broken rule, or null

    static final Pattern BULLET = Pattern.compile("^\\s*(?:[-*+]|\\d+[.)])\\s+(.*)$");
    static final Pattern NEG = Pattern.compile(
        "\\b(no|not|never|avoid|forbidden|don't|do not|must not|mustn't|without|nothing|none)\\b");

    static boolean isBullet(String l) { return BULLET.matcher(l).matches(); }
    static String bulletText(String l) {
        Matcher m = BULLET.matcher(l);
        return m.matches() ? m.group(1) : l.trim();
    }
    static boolean isHeading(String l) { return l.trim().startsWith("#"); }

    static String read(String path) {
        FileRead r = Files.readFile(path);
        if (r.truncated()) r = Files.readFile(path, 0, r.totalLines());
        return r.contents();
    }

    static List<String> lines(String text) {
        List<String> out = new ArrayList<>();
        for (String l : text.split("\n", -1)) out.add(l.endsWith("\r") ? l.substring(0, l.length() - 1) : l);
        if (!out.isEmpty() && out.get(out.size() - 1).isEmpty()) out.remove(out.size() - 1);
        return out;
    }

    public static void main(String[] args) {
        String rulesText = read("REVIEW-RULES.md");
        String notesText = read("release/notes.md");
        System.out.println("--- REVIEW-RULES.md ---");
        System.out.println(rulesText);
        List<String> notes = lines(notesText);

        // The rules: the list items of the rules file, or else its non-heading lines.
        List<String> ruleLines = new ArrayList<>();
        for (String l : lines(rulesText)) if (isBullet(l)) ruleLines.add(bulletText(l));
        if (ruleLines.isEmpty()) {
            for (String l : lines(rulesText)) {
                String t = l.trim();
                if (!t.isEmpty() && !t.startsWith("#") && !t.endsWith(":")) ruleLines.add(t);
            }
        }

        List<Check> checks = new ArrayList<>();
        List<String> unread = new ArrayList<>();
        for (String rule : ruleLines) {
            String lo = rule.toLowerCase();
            boolean generic = false;
            Predicate<String> scope;
            if (Pattern.compile("\\b(headings?|titles?)\\b").matcher(lo).find()) scope = Main::isHeading;
            else if (Pattern.compile("\\b(bullets?|entry|entries|items?|list)\\b").matcher(lo).find()) scope = Main::isBullet;
            else { scope = l -> !l.trim().isEmpty(); generic = true; }
            final Predicate<String> sc = scope;
            final Predicate<String> textScope = generic ? Main::isBullet : scope;
            boolean negative = NEG.matcher(lo).find();
            int before = checks.size();

            Matcher lm = Pattern.compile("(\\d+)\\s*(?:characters|chars|columns)").matcher(lo);
            if (lm.find()) {
                int n = Integer.parseInt(lm.group(1));
                boolean strict = Pattern.compile("\\b(under|fewer than|less than|below)\\s+" + n + "\\b").matcher(lo).find();
                final int max = strict ? n - 1 : n;
                checks.add(l -> sc.test(l) && l.length() > max ? "longer than " + max + " characters (" + l.length() + ")" : null);
            }

            if (negative) {
                Matcher q = Pattern.compile("`([^`]+)`|\"([^\"]+)\"").matcher(rule);
                while (q.find()) {
                    final String tok = q.group(1) != null ? q.group(1) : q.group(2);
                    if (tok.length() < 2 || !tok.matches(".*[A-Za-z0-9].*")) continue;
                    if (tok.matches("(?i).*(yyyy|mm|dd).*")) continue;
                    checks.add(l -> sc.test(l) && l.contains(tok) ? "contains `" + tok + "`" : null);
                }
                List<String> placeholders = new ArrayList<>();
                for (String p : new String[] { "TODO", "FIXME", "TBD", "XXX", "WIP" }) {
                    if (rule.contains(p)) placeholders.add(p);
                }
                if (lo.contains("placeholder") && placeholders.isEmpty()) {
                    placeholders.addAll(List.of("TODO", "FIXME", "TBD", "XXX"));
                }
                for (String p : placeholders) {
                    checks.add(l -> sc.test(l) && Pattern.compile("\\b" + p + "\\b").matcher(l).find() ? "contains " + p : null);
                }
                if (lo.contains("exclamation")) checks.add(l -> sc.test(l) && l.contains("!") ? "uses an exclamation mark" : null);
                if (lo.contains("emoji")) checks.add(l -> sc.test(l) && hasEmoji(l) ? "contains an emoji" : null);
                if (Pattern.compile("\\btabs?\\b").matcher(lo).find()) checks.add(l -> l.contains("\t") ? "contains a tab" : null);
                if (lo.contains("first person") || lo.contains("\"we\"") || lo.contains("`we`")) {
                    checks.add(l -> textScope.test(l) && Pattern.compile("\\b(I|we|We|our|Our|my|My)\\b").matcher(bulletText(l)).find()
                        ? "written in the first person" : null);
                }
                if (lo.contains("bare") && (lo.contains("url") || lo.contains("link"))) {
                    checks.add(l -> Pattern.compile("(?<![(<])https?://").matcher(l).find() ? "has a bare URL" : null);
                }
            }

            if (lo.contains("trailing") && (lo.contains("whitespace") || lo.contains("space"))) {
                checks.add(l -> l.endsWith(" ") || l.endsWith("\t") ? "has trailing whitespace" : null);
            }
            if (lo.contains("double space") || lo.contains("two spaces")) {
                checks.add(l -> l.trim().contains("  ") ? "has a double space" : null);
            }
            if (Pattern.compile("\\b(end|ends|ending|finish|finishes)\\s+(with|in)\\s+(a\\s+)?(period|full stop|\\.|dot)").matcher(lo).find()) {
                final boolean mustNot = negative;
                checks.add(l -> {
                    if (!textScope.test(l)) return null;
                    boolean ends = l.trim().endsWith(".");
                    if (mustNot && ends) return "ends with a period";
                    if (!mustNot && !ends) return "does not end with a period";
                    return null;
                });
            }
            if ((lo.contains("capital") || lo.contains("uppercase letter") || lo.contains("upper-case letter"))
                    && (lo.contains("start") || lo.contains("begin"))) {
                checks.add(l -> {
                    if (!textScope.test(l)) return null;
                    String t = bulletText(l).replaceFirst("^#+\\s*", "");
                    if (t.isEmpty()) return null;
                    char c = t.charAt(0);
                    return Character.isLetter(c) && !Character.isUpperCase(c) ? "does not start with a capital letter" : null;
                });
            }
            if (lo.contains("issue") && (lo.contains("reference") || lo.contains("link") || lo.contains("number")
                    || lo.contains("#") || lo.contains("mention") || lo.contains("cite"))) {
                checks.add(l -> textScope.test(l) && !Pattern.compile("#\\d+|issues/\\d+").matcher(l).find()
                    ? "does not reference an issue" : null);
            }
            if (lo.contains("yyyy-mm-dd") || lo.contains("iso 8601") || lo.contains("iso-8601") || lo.contains("iso date")) {
                Pattern bad = Pattern.compile(
                    "\\b\\d{1,2}[/.]\\d{1,2}[/.]\\d{2,4}\\b|\\b\\d{1,2}-\\d{1,2}-\\d{4}\\b"
                    + "|\\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\\.?\\s+\\d{1,2}\\b"
                    + "|\\b\\d{1,2}\\s+(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\\b");
                checks.add(l -> bad.matcher(l).find() ? "date not written as YYYY-MM-DD" : null);
            }

            if (checks.size() == before) unread.add(rule);
        }

        Map<Integer, List<String>> problems = new TreeMap<>();
        for (int i = 0; i < notes.size(); i++) {
            String l = notes.get(i);
            for (Check c : checks) {
                String why = c.why(l);
                if (why != null) {
                    List<String> list = problems.computeIfAbsent(i + 1, k -> new ArrayList<>());
                    if (!list.contains(why)) list.add(why);
                }
            }
        }

        if (!problems.isEmpty()) {
            List<String> items = new ArrayList<>();
            for (Map.Entry<Integer, List<String>> e : problems.entrySet()) {
                items.add("Line " + e.getKey() + ": " + String.join("; ", e.getValue())
                    + " (\"" + notes.get(e.getKey() - 1).trim() + "\")");
            }
            for (String it : items) System.out.println(it);
            if (!unread.isEmpty()) System.out.println("rules not checked automatically: " + unread);
            Session.requestChanges(items);
        } else if (unread.isEmpty()) {
            System.out.println("release/notes.md breaks no rule: approving");
            Session.approve();
        } else {
            System.out.println("No break found, but these rules could not be checked automatically: ");
            for (String u : unread) System.out.println("  " + u);
            System.out.println("Not ending the review yet; showing both files.");
            Views.openFile("REVIEW-RULES.md", null, null);
            Views.openFile("release/notes.md", null, null);
        }
    }

    static boolean hasEmoji(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isSurrogate(c) || (c >= 0x2600 && c <= 0x27BF)) return true;
        }
        return false;
    }
}
