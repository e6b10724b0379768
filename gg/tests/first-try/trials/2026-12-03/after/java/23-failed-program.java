import gg.*;
import java.util.*;

class Main {
    public static void main(String[] args) {
        List<ProgramSummary> history = Programs.history();
        List<ProgramSummary> failed = new ArrayList<>();
        for (ProgramSummary p : history) if (!p.ok()) failed.add(p);
        if (failed.isEmpty()) {
            System.out.println("no failed program among " + history.size() + " in the library");
            System.exit(1);
        }
        if (failed.size() > 1) System.out.println("note: " + failed.size() + " programs failed; saving the first");
        ProgramSummary f = failed.get(0);
        System.out.println("turn " + f.turn());
        System.out.println("failed with: " + f.error());
        String source = Programs.get(f.turn());
        Files.writeFile("failed-program.txt", source);
        System.out.println("saved its source (" + f.lines() + " lines) to failed-program.txt");
    }
}
