import gg.*;
import java.util.*;

class Main {
    public static void main(String[] args) {
        String title = "Stop the nightly job from timing out";
        Task found = null;
        for (Task task : gg.Tasks.list()) {
            if (task.title().equals(title)) {
                found = task;
                break;
            }
        }
        if (found == null) {
            System.out.println("no task titled: " + title);
            System.exit(1);
        }
        gg.Tasks.update(found.id(), new TaskPatch(null, TextEdit.set("still times out on Sundays"), TaskStatus.PENDING));
        System.out.println("task #" + found.id() + " set back to pending, with the description 'still times out on Sundays'");
    }
}
