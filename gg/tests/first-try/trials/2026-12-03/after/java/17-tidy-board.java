import gg.*;
import java.util.*;

class Main {
    public static void main(String[] args) {
        // Take the closed ones first, so issues closed below are not reopened right away.
        List<Issue> wasClosed = Board.listIssues(IssueStatus.CLOSED);

        List<Integer> closed = new ArrayList<>();
        for (Issue issue : Board.listIssues(IssueStatus.OPEN)) {
            List<String> labels = issue.labels() == null ? List.of() : issue.labels();
            if (issue.status() == IssueStatus.OPEN && labels.contains("done-in-1.4")) {
                List<String> kept = new ArrayList<>();
                for (String l : labels) if (!l.equals("done-in-1.4")) kept.add(l);
                Board.updateIssue(issue.id(), new IssuePatch(null, null, kept, IssueStatus.CLOSED));
                closed.add(issue.id());
            }
        }

        List<Integer> reopened = new ArrayList<>();
        for (Issue issue : wasClosed) {
            List<String> labels = issue.labels() == null ? List.of() : issue.labels();
            if (issue.status() == IssueStatus.CLOSED && labels.contains("regression")) {
                Board.updateIssue(issue.id(), new IssuePatch(null, null, null, IssueStatus.OPEN));
                reopened.add(issue.id());
            }
        }

        System.out.println("closed: " + closed);
        System.out.println("reopened: " + reopened);
    }
}
