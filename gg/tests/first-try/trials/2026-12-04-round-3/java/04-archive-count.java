import gg.*;
import java.util.*;

class Main {
    public static void main(String[] args) {
        String archive = "backup/site-2026-11.tar";
        ShellOutput out = gg.Shell.run("tar -tf " + archive, null);
        if (out.exitCode() != 0) {
            System.out.println("tar -tf failed with exit code " + out.exitCode() + ":");
            System.out.println(out.output());
            System.exit(1);
        }
        int count;
        if (!out.truncated()) {
            count = 0;
            for (String line : out.output().split("\n")) {
                String entry = line.replace("\r", "");
                if (entry.isEmpty() || entry.endsWith("/")) continue; // directories are not files
                count++;
            }
        } else {
            ShellOutput wc = gg.Shell.run("tar -tf " + archive + " | grep -v '/$' | wc -l", null);
            count = Integer.parseInt(wc.output().trim());
        }
        System.out.println(count);
    }
}
