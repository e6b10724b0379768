import gg.*;
import java.util.*;

class Main {
    public static void main(String[] args) {
        ShellOutput o = Shell.run("sh scripts/build.sh");
        String out = o.output() == null ? "" : o.output();
        String[] lines = out.split("\n");
        String last = "";
        for (int i = lines.length - 1; i >= 0; i--) {
            String l = lines[i].replace("\r", "");
            if (!l.trim().isEmpty()) {
                last = l;
                break;
            }
        }
        System.out.println("Exit code: " + (o.exitCode() == null ? "none (killed)" : o.exitCode().toString()));
        System.out.println("Last line: " + last);
    }
}
