import gg.*;
import java.util.*;

class Main {
    public static void main(String[] args) {
        List<Integer> removed = new ArrayList<>();
        for (Issue issue : gg.Board.listIssues(IssueStatus.CLOSED)) {
            if (issue.status() == IssueStatus.CLOSED && issue.labels().contains("wontfix")) {
                gg.Board.removeIssue(issue.id());
                removed.add(issue.id());
            }
        }
        for (int id : removed) {
            System.out.println(id);
        }
        if (removed.isEmpty()) {
            System.out.println("no closed issues labelled wontfix");
        }
    }
}
