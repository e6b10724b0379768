import gg.*;
import java.util.*;

class Main {
    static void walk(String dir, List<String> out) {
        for (DirEntry e : gg.Files.listDir(dir)) {
            String p = dir + "/" + e.name();
            if (e.kind() == EntryKind.DIRECTORY) {
                walk(p, out);
            } else if (e.kind() == EntryKind.FILE || e.kind() == EntryKind.SYMLINK) {
                out.add(p);
            }
        }
    }

    public static void main(String[] args) {
        List<String> files = new ArrayList<>();
        walk("projects", files);
        for (String f : files) System.out.println(f);
    }
}
