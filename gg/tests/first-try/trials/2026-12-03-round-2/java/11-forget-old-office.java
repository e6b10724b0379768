import gg.*;
import java.util.*;

class Main {
    public static void main(String[] args) {
        Set<String> names = new TreeSet<>();
        List<String> keywords = List.of("old-office", "old", "office", "Harbour", "Harbour Street",
                "keys", "parking", "wifi", "Wi-Fi");
        for (String kw : keywords) {
            try {
                for (MemoryHit h : Memories.search(List.of(kw))) {
                    if (h.name().startsWith("old-office-")) names.add(h.name());
                }
            } catch (ApiError e) {
                System.out.println("search " + kw + " failed: " + e.code());
            }
        }
        // The ones seen in the listing, in case the search missed any.
        for (String n : List.of("old-office-keys", "old-office-parking", "old-office-wifi")) {
            try {
                Memories.read(n);
                names.add(n);
            } catch (ApiError e) {
                // not there
            }
        }
        List<String> deleted = new ArrayList<>();
        for (String n : names) {
            try {
                Memories.delete(n);
                deleted.add(n);
            } catch (ApiError e) {
                System.out.println("Could not delete " + n + ": " + e.code() + " " + e.getMessage());
            }
        }
        System.out.println("Deleted " + deleted.size() + " memories:");
        for (String n : deleted) System.out.println(n);
    }
}
