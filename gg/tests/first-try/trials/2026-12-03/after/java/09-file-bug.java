import gg.*;
import java.util.*;

class Main {
    public static void main(String[] args) {
        int id = Board.createIssue(new IssueInput(
            "Login button does nothing",
            "Clicking the login button does nothing. It happens on the settings page.",
            List.of("bug")));
        System.out.println(id);
    }
}
