import gg.*;
import java.util.*;

class Main {
    public static void main(String[] args) {
        Issue issue = null;
        for (Issue i : Board.listIssues(null)) {
            if (i.id() == 7) issue = i;
        }
        if (issue == null) {
            System.out.println("Issue #7 not found");
            System.exit(1);
        }
        List<String> labels = new ArrayList<>();
        if (issue.labels() != null) labels.addAll(issue.labels());
        if (!labels.contains("duplicate")) labels.add("duplicate");
        String old = issue.description() == null ? "" : issue.description();
        String desc = old.isEmpty() ? "Duplicate of #3." : "Duplicate of #3.\n" + old;
        Board.updateIssue(7, new IssuePatch(null, TextEdit.set(desc), labels, IssueStatus.CLOSED));
        for (Issue i : Board.listIssues(null)) {
            if (i.id() == 7) {
                System.out.println("#7 " + i.title() + " [" + String.join(", ", i.labels()) + "] " + i.status());
                System.out.println(i.description());
            }
        }
    }
}
