import gg.*;
import java.util.*;

class Main {
    public static void main(String[] args) {
        String wanted = "Write the migration guide";
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
        Tasks.update(found.id(), new TaskPatch(null, null, TaskStatus.IN_PROGRESS));
        for (Task t : Tasks.list()) {
            if (t.status() == TaskStatus.PENDING) System.out.println(t.title());
        }
    }
}
