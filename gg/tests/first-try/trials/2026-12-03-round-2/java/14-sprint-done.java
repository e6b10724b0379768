import gg.*;
import java.util.*;

class Main {
    public static void main(String[] args) {
        String wanted = "[S12] Write the retro notes";
        Task found = null;
        for (Task t : Tasks.list()) {
            if (t.title().equals(wanted)) { found = t; break; }
        }
        if (found == null) {
            for (Task t : Tasks.list()) {
                if (t.title().startsWith(wanted)) { found = t; break; }
            }
        }
        if (found == null) {
            System.out.println("No task titled \"" + wanted + "\"");
            System.exit(1);
        }
        Tasks.complete(found.id());

        int total = 0;
        List<String> notDone = new ArrayList<>();
        for (Task t : Tasks.list()) {
            if (!t.title().startsWith("[S12]")) continue;
            total++;
            if (t.status() != TaskStatus.DONE) notDone.add(t.title());
        }
        if (notDone.isEmpty()) {
            String summary = "Sprint 12 is complete: all " + total + " of its tasks are done.";
            System.out.println(summary);
            Session.finish(summary);
        } else {
            System.out.println("Sprint 12 tasks not done yet:");
            for (String t : notDone) System.out.println(t);
        }
    }
}
