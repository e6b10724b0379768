import gg.*;
import java.util.*;

class Main {
    public static void main(String[] args) {
        int notes = Tasks.add(new TaskInput(null, "Write release notes"));
        int build = Tasks.add(new TaskInput(null, "Build packages"));
        int test = Tasks.add(new TaskInput(null, "Test packages", null, List.of(build)));
        int publish = Tasks.add(new TaskInput(null, "Publish", null, List.of(test, notes)));
        Set<Integer> plan = Set.of(notes, build, test, publish);

        List<Task> all = Tasks.list();
        Map<Integer, Task> byId = new HashMap<>();
        for (Task t : all) byId.put(t.id(), t);

        for (Task t : all) {
            if (!plan.contains(t.id()) || t.status() == TaskStatus.DONE) continue;
            boolean ready = true;
            if (t.blockedBy() != null) {
                for (int b : t.blockedBy()) {
                    Task blocker = byId.get(b);
                    if (blocker != null && blocker.status() != TaskStatus.DONE) { ready = false; break; }
                }
            }
            if (ready) System.out.println(t.title());
        }
    }
}
