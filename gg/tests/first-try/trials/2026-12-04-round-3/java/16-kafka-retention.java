import gg.*;
import java.util.*;

class Main {
    public static void main(String[] args) {
        List<MemoryHit> all = gg.Memories.search(new ArrayList<String>());
        TreeSet<String> names = new TreeSet<>();
        for (MemoryHit hit : all) names.add(hit.name());
        List<String> found = new ArrayList<>();
        for (String name : names) {
            Memory m = gg.Memories.read(name);
            String text = (m.name() + "\n" + (m.description() == null ? "" : m.description()) + "\n"
                    + (m.body() == null ? "" : m.body())).toLowerCase();
            if (text.contains("kafka") && text.contains("retention")) found.add(name);
        }
        for (String name : found) System.out.println(name);
        if (found.isEmpty()) System.out.println("no memory mentions both Kafka and retention");
    }
}
