import gg.*;
import java.util.*;
import java.util.regex.*;

class Main {
    public static void main(String[] args) {
        ShellOutput out = Shell.run("sh run-tests.sh");
        String output = out.output() == null ? "" : out.output();
        System.out.println("exit code: " + out.exitCode());

        List<String> lines = new ArrayList<>();
        for (String l : output.split("\n", -1)) lines.add(l.endsWith("\r") ? l.substring(0, l.length() - 1) : l);
        while (!lines.isEmpty() && lines.get(lines.size() - 1).trim().isEmpty()) lines.remove(lines.size() - 1);

        if (out.exitCode() != null && out.exitCode() == 0) {
            System.out.println("the tests passed; nothing to file. Output:");
            System.out.println(output);
            System.exit(1);
        }

        Pattern[] patterns = {
            Pattern.compile("^\\s*not ok\\s+\\d+\\s*(?:-\\s*)?(.+?)\\s*(?:#.*)?$"),
            Pattern.compile("---\\s*FAIL:\\s*(\\S+)"),
            Pattern.compile("\\bFAIL(?:ED|URE|S)?\\b\\]?\\s*[:\\-]?\\s*([\\w./:\\[\\]<>-]*[A-Za-z_][\\w./:\\[\\]<>-]*)"),
            Pattern.compile("^\\s*([\\w./:\\[\\]-]+)\\s*(?:\\.{2,}|:|-)?\\s*(?:FAIL|FAILED|FAILURE)\\b"),
            Pattern.compile("[\\u2717\\u2718\\u00d7]\\s*(.+?)\\s*$"),
        };
        String name = null;
        for (Pattern p : patterns) {
            for (String l : lines) {
                Matcher m = p.matcher(l);
                if (m.find()) { name = m.group(1).trim(); break; }
            }
            if (name != null) break;
        }
        if (name == null || name.isEmpty()) {
            System.out.println("could not tell the failing test's name from the output:");
            System.out.println(output);
            System.exit(1);
        }

        List<String> tail = lines.subList(Math.max(0, lines.size() - 3), lines.size());
        String description = String.join("\n", tail);
        int id = Board.createIssue(new IssueInput("Test failing: " + name, description, List.of("ci")));
        System.out.println("failing test: " + name);
        System.out.println("filed issue #" + id);
        Session.finish("Ran sh run-tests.sh: the test " + name + " fails. Filed issue #" + id
            + " (\"Test failing: " + name + "\", label ci) with the last 3 lines of the output.");
    }
}
