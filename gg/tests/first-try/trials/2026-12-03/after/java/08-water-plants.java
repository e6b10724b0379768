import gg.*;
import java.util.*;

class Main {
    public static void main(String[] args) {
        List<Task> tasks = Tasks.list();
        int done = 0;
        for (Task t : tasks) {
            if (t.title().trim().equalsIgnoreCase("Water the plants") && t.status() != TaskStatus.DONE) {
                Tasks.complete(t.id());
                done++;
            }
        }
        if (done == 0) {
            boolean exists = tasks.stream().anyMatch(t -> t.title().trim().equalsIgnoreCase("Water the plants"));
            if (!exists) {
                System.out.println("No task titled 'Water the plants'. Tasks are:");
                for (Task t : tasks) System.out.println("  #" + t.id() + " " + t.title() + " [" + t.status() + "]");
                System.exit(1);
            }
        }
        for (Task t : Tasks.list()) {
            if (t.status() != TaskStatus.DONE) System.out.println(t.title());
        }
    }
}
