import gg.*;
import java.util.*;

class Main {
    public static void main(String[] args) {
        for (Task t : Tasks.list()) {
            if (t.status() == TaskStatus.DONE) {
                try {
                    Tasks.remove(t.id());
                    System.out.println("Removed #" + t.id() + " " + t.title());
                } catch (ApiError e) {
                    System.out.println("Could not remove #" + t.id() + " " + t.title() + ": " + e.code() + " " + e.getMessage());
                }
            }
        }
        System.out.println("Tasks left: " + Tasks.list().size());
    }
}
