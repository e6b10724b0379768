import gg.*;
import java.io.File;
import java.util.*;

class Main {
    public static void main(String[] args) {
        File dir = new File("uploads");
        File[] entries = dir.listFiles();
        if (entries == null) {
            System.out.println("could not list the uploads folder");
            System.exit(1);
        }
        List<String> empty = new ArrayList<>();
        for (File f : entries) {
            if (f.isFile() && f.length() == 0) {
                empty.add(f.getName());
            }
        }
        Collections.sort(empty);
        for (String name : empty) {
            System.out.println(name);
        }
    }
}
