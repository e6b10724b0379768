import gg.*;
import java.util.*;

class Main {
    public static void main(String[] args) {
        int n = 0;
        for (Issue i : Board.listIssues(IssueStatus.OPEN)) {
            if (i.status() != IssueStatus.OPEN) continue;
            if (i.labels() == null || i.labels().isEmpty()) {
                System.out.println("#" + i.id() + " " + i.title());
                n++;
            }
        }
        if (n == 0) System.out.println("No open issue without a label");
    }
}
