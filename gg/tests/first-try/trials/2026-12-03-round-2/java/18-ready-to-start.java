import gg.*;
import java.util.*;

class Main {
    public static void main(String[] args) {
        List<Task> tasks = Tasks.list();
        Map<Integer, Task> byId = new HashMap<>();
        for (Task t : tasks) byId.put(t.id(), t);
        List<Task> ready = new ArrayList<>();
        for (Task t : tasks) {
            if (t.status() != TaskStatus.PENDING) continue;
            boolean ok = true;
            if (t.blockedBy() != null) {
                for (Integer b : t.blockedBy()) {
                    Task bt = byId.get(b);
                    if (bt != null && bt.status() != TaskStatus.DONE) { ok = false; break; }
                }
            }
            if (ok) ready.add(t);
        }
        ready.sort(Comparator.comparingInt(Task::id));
        if (ready.isEmpty()) {
            System.out.println("No task can be started now.");
            return;
        }
        for (Task t : ready) System.out.println(t.title());
        Task first = ready.get(0);
        Tasks.update(first.id(), new TaskPatch(null, null, TaskStatus.IN_PROGRESS));
        System.out.println("Marked #" + first.id() + " " + first.title() + " as in progress.");
    }
}
