import gg.*;
import java.io.File;
import java.util.*;

class Main {
    public static void main(String[] args) {
        if (new File("docs/plan.md").exists()) {
            System.out.println("docs/plan.md already exists; not overwriting it");
            System.exit(1);
        }
        FileRead before = gg.Files.readFile("drafts/plan.md");
        ShellOutput mv = gg.Shell.run("mv drafts/plan.md docs/plan.md", null);
        if (mv.exitCode() != 0) {
            System.out.println("mv failed (exit " + mv.exitCode() + "): " + mv.output());
            System.exit(1);
        }
        FileRead after = gg.Files.readFile("docs/plan.md");
        boolean same = after.contents().equals(before.contents());
        boolean gone = !new File("drafts/plan.md").exists();
        System.out.println("moved drafts/plan.md to docs/plan.md (same content: " + same + ", gone from drafts: " + gone + ")");
        if (!same || !gone) System.exit(1);
    }
}
