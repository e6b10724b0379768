import gg.*;
import java.util.*;

class Main {
    public static void main(String[] args) {
        List<DirEntry> entries = Files.listDir("docs");
        if (entries.isEmpty()) {
            System.out.println("(docs is empty)");
        }
        for (DirEntry e : entries) {
            String kind = switch (e.kind()) {
                case FILE -> "file";
                case DIRECTORY -> "folder";
                case SYMLINK -> "symlink";
                default -> "other";
            };
            System.out.println(e.name() + ": " + kind);
        }
    }
}
