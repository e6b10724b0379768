import gg.*;
import java.util.*;

class Main {
    public static void main(String[] args) {
        TreeMap<String, int[]> counts = new TreeMap<>();
        List<Issue> issues = gg.Board.listIssues(null);
        for (Issue issue : issues) {
            for (String label : new LinkedHashSet<>(issue.labels())) {
                int[] c = counts.computeIfAbsent(label, k -> new int[2]);
                if (issue.status() == IssueStatus.OPEN) c[0]++;
                else c[1]++;
            }
        }
        StringBuilder out = new StringBuilder();
        for (Map.Entry<String, int[]> e : counts.entrySet()) {
            out.append(e.getKey()).append(": ").append(e.getValue()[0]).append(" open, ")
               .append(e.getValue()[1]).append(" closed\n");
        }
        gg.Files.writeFile("docs/labels.txt", out.toString());
        System.out.println("wrote docs/labels.txt (" + issues.size() + " issues, " + counts.size() + " labels):");
        System.out.print(out);
    }
}
