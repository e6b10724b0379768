import gg.*;
import java.util.*;

class Main {
    // Swap the "ie" of each "recieve" (in any case), keeping the case of every letter.
    static String fix(String title) {
        String lower = title.toLowerCase();
        if (lower.length() != title.length()) {
            lower = title; // fall back to exact-case search only
        }
        StringBuilder out = new StringBuilder();
        int from = 0;
        while (true) {
            int i = lower.indexOf("recieve", from);
            if (i < 0) break;
            out.append(title, from, i + 3);
            out.append(title.charAt(i + 4));
            out.append(title.charAt(i + 3));
            from = i + 5;
        }
        out.append(title.substring(from));
        return out.toString();
    }

    public static void main(String[] args) {
        int corrected = 0;
        for (Task task : gg.Tasks.list()) {
            String fixed = fix(task.title());
            if (!fixed.equals(task.title())) {
                gg.Tasks.update(task.id(), new TaskPatch(fixed, null, null));
                System.out.println("#" + task.id() + ": " + task.title() + " -> " + fixed);
                corrected++;
            }
        }
        System.out.println(corrected);
    }
}
