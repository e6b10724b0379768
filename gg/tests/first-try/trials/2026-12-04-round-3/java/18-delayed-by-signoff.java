import gg.*;
import java.util.*;

class Main {
    public static void main(String[] args) {
        List<Task> tasks = gg.Tasks.list();
        Task signoff = null;
        for (Task t : tasks) {
            if (t.title().equals("Get the security sign-off")) { signoff = t; break; }
        }
        if (signoff == null) {
            System.out.println("no task titled 'Get the security sign-off'");
            System.exit(1);
        }
        // waiting[id] = the tasks blocked by id
        Set<Integer> delayed = new TreeSet<>();
        Deque<Integer> queue = new ArrayDeque<>();
        queue.add(signoff.id());
        while (!queue.isEmpty()) {
            int cur = queue.poll();
            for (Task t : tasks) {
                if (t.blockedBy() != null && t.blockedBy().contains(cur)
                        && t.id() != signoff.id() && delayed.add(t.id())) {
                    queue.add(t.id());
                }
            }
        }
        for (Task t : tasks) {
            if (delayed.contains(t.id())) {
                System.out.println(t.title());
                gg.Tasks.update(t.id(), new TaskPatch(null, TextEdit.set("delayed: waits for the security sign-off"), null));
            }
        }
        if (delayed.isEmpty()) System.out.println("no task waits for the security sign-off");
    }
}
