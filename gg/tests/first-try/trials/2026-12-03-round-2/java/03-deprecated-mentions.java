import gg.*;
import java.util.*;

class Main {
    public static void main(String[] args) {
        String pattern = "[Dd][Ee][Pp][Rr][Ee][Cc][Aa][Tt][Ee][Dd]";
        List<SearchMatch> matches = gg.Files.search(pattern, "src");
        Map<String, Set<Integer>> byFile = new TreeMap<>();
        for (SearchMatch m : matches) {
            byFile.computeIfAbsent(m.path(), k -> new HashSet<>()).add(m.line());
        }
        if (byFile.isEmpty()) {
            System.out.println("No file under src mentions \"deprecated\"");
            return;
        }
        for (Map.Entry<String, Set<Integer>> e : byFile.entrySet()) {
            System.out.println(e.getKey() + " " + e.getValue().size());
        }
    }
}
