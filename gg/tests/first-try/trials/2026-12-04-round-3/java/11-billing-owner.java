import gg.*;
import java.util.*;

class Main {
    static String clean(String s) {
        String t = s.trim();
        // strip markdown emphasis and code marks around the value
        while (t.length() > 0 && "*`_\"'".indexOf(t.charAt(0)) >= 0) t = t.substring(1);
        while (t.length() > 0 && "*`_\"'.;,".indexOf(t.charAt(t.length() - 1)) >= 0) t = t.substring(0, t.length() - 1);
        return t.trim();
    }

    static boolean isBillingKey(String s) {
        String k = clean(s).toLowerCase();
        return k.equals("billing") || k.endsWith("/billing") || k.endsWith("/billing/") || k.equals("src/billing");
    }

    static String ownerFrom(String line) {
        String l = line.trim();
        // a table row: | billing | Priya |
        if (l.startsWith("|") || l.split("\\|").length > 2) {
            List<String> cells = new ArrayList<>();
            for (String c : l.split("\\|")) {
                if (!c.trim().isEmpty()) cells.add(c.trim());
            }
            for (int i = 0; i + 1 < cells.size(); i++) {
                if (isBillingKey(cells.get(i))) return clean(cells.get(i + 1));
            }
        }
        // drop a list bullet
        if (l.startsWith("- ") || l.startsWith("* ") || l.startsWith("+ ")) l = l.substring(2).trim();
        String lower = l.toLowerCase();
        int ob = lower.indexOf("owned by");
        if (ob >= 0 && lower.substring(0, ob).contains("billing")) {
            return clean(l.substring(ob + "owned by".length()));
        }
        int owns = lower.indexOf(" owns ");
        if (owns >= 0 && lower.substring(owns).contains("billing")) {
            return clean(l.substring(0, owns));
        }
        String[] seps = {"->", "=>", "→", ":", "=", " — ", " – ", " - ", "\t"};
        for (String sep : seps) {
            int i = l.indexOf(sep);
            if (i > 0 && isBillingKey(l.substring(0, i))) {
                return clean(l.substring(i + sep.length()));
            }
        }
        return null;
    }

    public static void main(String[] args) {
        Memory m = gg.Memories.read("component-owners");
        String body = m.body() == null ? "" : m.body();
        List<String> candidates = new ArrayList<>();
        for (String raw : body.split("\n")) {
            String line = raw.replace("\r", "");
            if (line.toLowerCase().contains("billing")) candidates.add(line);
        }
        for (String line : candidates) {
            String owner = ownerFrom(line);
            if (owner != null && !owner.isEmpty()) {
                System.out.println(owner);
                return;
            }
        }
        if (candidates.isEmpty()) {
            System.out.println("component-owners does not mention billing. Its text:");
            System.out.println(body);
        } else {
            System.out.println("could not pick the owner out of these lines:");
            for (String line : candidates) System.out.println(line);
        }
    }
}
