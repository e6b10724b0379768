import gg.*;
import java.util.*;

class Main {
    public static void main(String[] args) {
        List<Issue> issues = new ArrayList<>(Board.listIssues(null));
        issues.sort(Comparator.comparingInt(Issue::id));
        StringBuilder open = new StringBuilder();
        StringBuilder closed = new StringBuilder();
        int nOpen = 0, nClosed = 0;
        for (Issue i : issues) {
            String line = "- #" + i.id() + " " + i.title() + "\n";
            if (i.status() == IssueStatus.OPEN) { open.append(line); nOpen++; }
            else { closed.append(line); nClosed++; }
        }
        String report = "## Open\n\n" + open + "\n## Closed\n\n" + closed;
        gg.Files.writeFile("docs/board.md", report);
        System.out.println("Open: " + nOpen);
        System.out.println("Closed: " + nClosed);
    }
}
