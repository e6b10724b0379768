import gg.*;
import java.util.*;

class Main {
    static List<DocHit> searchAll(String query, String module) {
        List<DocHit> all = new ArrayList<>();
        int offset = 0;
        while (true) {
            DocSearch page = Docs.search(query, module, offset, 50);
            if (page.hits() == null || page.hits().isEmpty()) break;
            all.addAll(page.hits());
            offset += page.hits().size();
            if (offset >= page.total()) break;
        }
        return all;
    }

    static String lastSegment(String name) {
        String n = name;
        int k = Math.max(n.lastIndexOf('.'), n.lastIndexOf(':'));
        if (k >= 0) n = n.substring(k + 1);
        int p = n.indexOf('(');
        if (p >= 0) n = n.substring(0, p);
        return n.trim();
    }

    public static void main(String[] args) {
        // The task list's operations, as the SDK declares them.
        Set<String> ops = Set.of("add", "update", "complete", "remove", "list");
        Set<String> names = new LinkedHashSet<>();
        String[][] attempts = {
                {"", "tasks"}, {"task", "tasks"}, {"tasks", null}, {"task", null}, {"Tasks", null}
        };
        for (String[] a : attempts) {
            List<DocHit> hits;
            try {
                hits = searchAll(a[0], a[1]);
            } catch (ApiError e) {
                System.out.println("Docs.search(\"" + a[0] + "\", " + a[1] + ") failed: " + e.code() + " " + e.getMessage());
                continue;
            }
            for (DocHit h : hits) {
                String mod = h.module() == null ? "" : h.module().toLowerCase();
                String nameLower = h.name().toLowerCase();
                boolean inTasks = mod.contains("task") || nameLower.startsWith("tasks.") || nameLower.startsWith("tasks::");
                if (inTasks && ops.contains(lastSegment(h.name()))) names.add(h.name());
            }
            if (names.size() >= ops.size()) break;
        }
        if (names.isEmpty()) {
            System.out.println("Found no documented operations of the tasks family.");
            System.exit(1);
        }
        StringBuilder sb = new StringBuilder();
        for (String n : names) sb.append(n).append("\n");
        gg.Files.writeFile("docs/tasks-api.txt", sb.toString());
        System.out.println("Wrote docs/tasks-api.txt:");
        System.out.print(sb);
    }
}
