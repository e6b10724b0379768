import gg.*;
import java.util.*;

class Main {
    public static void main(String[] args) {
        DocHit best = null;
        String[][] queries = { { "close", null }, { "close view", null }, { "close", "Views" } };
        for (String[] q : queries) {
            DocSearch res;
            try {
                res = Docs.search(q[0], q[1], 0, 50);
            } catch (ApiError e) {
                continue;
            }
            for (DocHit h : res.hits()) {
                String name = h.name() == null ? "" : h.name();
                String all = (name + " " + Objects.toString(h.module(), "") + " " + Objects.toString(h.signature(), "")).toLowerCase();
                if (name.toLowerCase().contains("close") && all.contains("view")) { best = h; break; }
            }
            if (best != null) break;
        }
        if (best == null) {
            System.out.println("no documentation found for closing a view");
            System.exit(1);
        }
        System.out.println(best.signature());
        String name = best.name();
        String module = Objects.toString(best.module(), "");
        String docName;
        if (name.contains(".")) docName = name;
        else if (!module.isEmpty() && !module.equals("gg")) docName = module + "." + name;
        else docName = "Views." + name;
        Views.openDocs(docName);
    }
}
