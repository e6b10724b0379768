import gg.*;
import java.util.*;

class Main {
    public static void main(String[] args) {
        Memory m = Memories.read("release-checklist");
        String body = m.body() == null ? "" : m.body();
        int added = 0;
        for (String raw : body.split("\n")) {
            String line = raw.trim();
            if (line.isEmpty() || line.startsWith("#")) continue;
            // Drop a list marker such as "- ", "* ", "- [ ] " or "1. ".
            line = line.replaceFirst("^(?:[-*+]\\s+(?:\\[[ xX]\\]\\s+)?|\\d+[.)]\\s+)", "").trim();
            if (line.isEmpty()) continue;
            int id = Tasks.add(new TaskInput(null, line));
            System.out.println("added #" + id + ": " + line);
            added++;
        }
        System.out.println(added);
    }
}
