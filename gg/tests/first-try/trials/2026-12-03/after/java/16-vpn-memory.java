import gg.*;
import java.util.*;

class Main {
    public static void main(String[] args) {
        List<MemoryHit> hits = Memories.search(List.of("vpn", "VPN", "office", "connect"));
        if (hits.isEmpty()) {
            System.out.println("no memory matched vpn/office/connect");
            System.exit(1);
        }
        MemoryHit pick = null;
        for (MemoryHit h : hits) {
            String s = (h.name() + " " + (h.description() == null ? "" : h.description())).toLowerCase();
            if (s.contains("vpn")) { pick = h; break; }
        }
        if (pick == null) pick = hits.get(0);
        for (MemoryHit h : hits) System.out.println("hit: " + h.name() + " (" + h.score() + "): " + h.description());
        Memory m = Memories.read(pick.name());
        String body = m.body() == null ? "" : m.body();
        Files.writeFile("docs/vpn.md", body);
        System.out.println("wrote the body of memory '" + m.name() + "' to docs/vpn.md (" + body.length() + " chars)");
    }
}
