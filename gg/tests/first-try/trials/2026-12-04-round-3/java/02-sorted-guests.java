import gg.*;
import java.util.*;

class Main {
    public static void main(String[] args) {
        FileRead read = gg.Files.readFile("lists/guests.txt");
        if (read.truncated()) {
            throw new IllegalStateException("lists/guests.txt was read only in part");
        }
        TreeSet<String> names = new TreeSet<>();
        for (String line : read.contents().split("\n")) {
            String name = line.replace("\r", "").trim();
            if (!name.isEmpty()) {
                names.add(name);
            }
        }
        StringBuilder out = new StringBuilder();
        for (String name : names) {
            out.append(name).append("\n");
        }
        gg.Files.writeFile("lists/guests-sorted.txt", out.toString());
        System.out.println("wrote " + names.size() + " names to lists/guests-sorted.txt");
    }
}
