import gg.*;
import java.util.*;

class Main {
    static String norm(String s) {
        return s == null ? "" : s.toLowerCase().replace("_", "");
    }

    static boolean inBoard(DocHit h) {
        String module = norm(h.module());
        String name = norm(h.name());
        return module.equals("board") || module.endsWith(".board") || module.endsWith("/board")
                || name.startsWith("board.") || name.contains(".board.");
    }

    static List<DocHit> all(String query, String module) {
        List<DocHit> hits = new ArrayList<>();
        int offset = 0;
        while (true) {
            DocSearch page = gg.Docs.search(query, module, offset, 50);
            if (page.hits() == null || page.hits().isEmpty()) break;
            hits.addAll(page.hits());
            offset += page.hits().size();
            if (offset >= page.total()) break;
        }
        return hits;
    }

    public static void main(String[] args) {
        List<DocHit> hits = all("", null);
        LinkedHashMap<String, DocHit> ops = new LinkedHashMap<>();
        for (DocHit h : hits) {
            if (!inBoard(h)) continue;
            String name = h.name();
            String n = norm(name);
            // an operation: a name below the family with a call signature, not the family itself or a type
            boolean isFamily = n.equals("board") || n.endsWith(".board");
            boolean callable = h.signature() != null && h.signature().contains("(");
            if (!isFamily && callable) ops.putIfAbsent(name, h);
        }
        if (ops.isEmpty()) {
            // fall back to the names of the board operations as the SDK declares them
            String[] known = {"createissue", "updateissue", "listissues", "removeissue"};
            for (DocHit h : all("board issue", null)) {
                String n = norm(h.name());
                for (String k : known) {
                    if (n.endsWith(k)) ops.putIfAbsent(h.name(), h);
                }
            }
        }
        if (ops.isEmpty()) {
            System.out.println("found no documented board operations");
            System.exit(1);
        }
        for (DocHit h : ops.values()) {
            gg.Views.openDocs(h.name());
            System.out.println("docs view: " + h.name() + "  " + (h.signature() == null ? "" : h.signature())
                    + (h.brief() == null ? "" : "  - " + h.brief()));
        }
        System.out.println(ops.size() + " docs views opened for the board operations");
    }
}
