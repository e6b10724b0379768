import gg.*;
import java.util.*;

class Main {
    static boolean isFail(String l) {
        String low = l.toLowerCase();
        return low.contains("fail") || low.startsWith("not ok") || l.contains("\u2717") || l.contains("\u2718")
                || l.contains("ERROR");
    }

    public static void main(String[] args) {
        ShellOutput o = Shell.run("sh check.sh");
        String out = o.output() == null ? "" : o.output();
        System.out.println("check.sh exit code: " + o.exitCode());
        System.out.println(out);

        List<String> items = new ArrayList<>();
        String[] lines = out.split("\n");
        StringBuilder current = null;
        for (String raw : lines) {
            String l = raw.replace("\r", "");
            if (l.trim().isEmpty()) continue;
            if (isFail(l)) {
                if (current != null) items.add(current.toString());
                current = new StringBuilder(l.trim());
            } else if (current != null && (l.startsWith(" ") || l.startsWith("\t"))) {
                // details of the failed check
                current.append(" ").append(l.trim());
            } else if (current != null) {
                items.add(current.toString());
                current = null;
            }
        }
        if (current != null) items.add(current.toString());

        boolean passed = o.exitCode() != null && o.exitCode() == 0 && items.isEmpty();
        if (passed) {
            System.out.println("All checks passed: approving.");
            Session.approve();
        } else {
            if (items.isEmpty()) {
                // Failed without a recognisable failure line: report the end of its output.
                String last = "";
                for (int i = lines.length - 1; i >= 0; i--) {
                    if (!lines[i].trim().isEmpty()) { last = lines[i].trim(); break; }
                }
                items.add("sh check.sh failed (exit code " + o.exitCode() + ")" + (last.isEmpty() ? "" : ": " + last));
            }
            System.out.println("Requesting changes:");
            for (String it : items) System.out.println("- " + it);
            Session.requestChanges(items);
        }
    }
}
