import gg.*;
import java.util.*;

class Main {
    static String lastLine(String out) {
        if (out == null) return "";
        String[] lines = out.split("\n");
        for (int i = lines.length - 1; i >= 0; i--) {
            String l = lines[i].replace("\r", "");
            if (!l.trim().isEmpty()) return l;
        }
        return "";
    }

    static boolean ok(ShellOutput o) {
        return o.exitCode() != null && o.exitCode() == 0;
    }

    static boolean looksUnbuilt(String out) {
        String low = out == null ? "" : out.toLowerCase();
        for (String w : List.of("build", "built", "dist", "artifact", "compile", "missing", "not found", "no such file")) {
            if (low.contains(w)) return true;
        }
        return false;
    }

    public static void main(String[] args) {
        ShellOutput deploy = Shell.run("sh deploy.sh");
        if (!ok(deploy)) {
            System.out.println("Deploy failed (exit " + deploy.exitCode() + "):");
            System.out.println(deploy.output());
            if (looksUnbuilt(deploy.output())) {
                ShellOutput build = Shell.run("sh build.sh");
                System.out.println("Build exit code: " + build.exitCode() + ", last line: " + lastLine(build.output()));
                if (ok(build)) {
                    deploy = Shell.run("sh deploy.sh");
                    System.out.println("Deploy again: exit code " + deploy.exitCode());
                } else {
                    System.out.println("Build failed:");
                    System.out.println(build.output());
                }
            } else {
                System.out.println("The failure does not look like a missing build; not building.");
            }
        }
        System.out.println(lastLine(deploy.output()));
    }
}
