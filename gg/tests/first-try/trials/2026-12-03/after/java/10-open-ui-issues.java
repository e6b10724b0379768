import gg.*;
import java.util.*;

class Main {
    public static void main(String[] args) {
        for (Issue issue : Board.listIssues(IssueStatus.OPEN)) {
            if (issue.status() == IssueStatus.OPEN && issue.labels() != null && issue.labels().contains("ui")) {
                System.out.println(issue.title());
            }
        }
    }
}
