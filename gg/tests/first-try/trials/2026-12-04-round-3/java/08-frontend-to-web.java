import gg.*;
import java.util.*;

class Main {
    public static void main(String[] args) {
        int relabelled = 0;
        for (Issue issue : gg.Board.listIssues(null)) {
            if (!issue.labels().contains("frontend")) continue;
            List<String> labels = new ArrayList<>();
            for (String label : issue.labels()) {
                String now = label.equals("frontend") ? "web" : label;
                if (!labels.contains(now)) labels.add(now);
            }
            gg.Board.updateIssue(issue.id(), new IssuePatch(null, null, labels, null));
            System.out.println("#" + issue.id() + " " + issue.title() + ": " + issue.labels() + " -> " + labels);
            relabelled++;
        }
        System.out.println(relabelled);
    }
}
