import gg.*;
import java.util.*;

class Main {
    public static void main(String[] args) {
        FileRead r = gg.Files.readFile("logs/access.log");
        if (r.truncated()) r = gg.Files.readFile("logs/access.log", 0, r.totalLines() + 1);
        Map<Integer, Integer> counts = new HashMap<>();
        int total = 0;
        int skipped = 0;
        for (String raw : r.contents().split("\n")) {
            String line = raw.trim();
            if (line.isEmpty()) continue;
            int q = line.lastIndexOf('"');
            String rest = q >= 0 ? line.substring(q + 1).trim() : "";
            String[] parts = rest.split(" ");
            int code;
            try {
                code = Integer.parseInt(parts[0].trim());
            } catch (RuntimeException e) {
                skipped++;
                continue;
            }
            counts.merge(code, 1, Integer::sum);
            total++;
        }
        List<Map.Entry<Integer, Integer>> entries = new ArrayList<>(counts.entrySet());
        entries.sort((a, b) -> !a.getValue().equals(b.getValue())
                ? Integer.compare(b.getValue(), a.getValue())
                : Integer.compare(a.getKey(), b.getKey()));
        StringBuilder sb = new StringBuilder();
        int serverErrors = 0;
        for (Map.Entry<Integer, Integer> e : entries) {
            sb.append(e.getKey()).append(" ").append(e.getValue()).append("\n");
            if (e.getKey() >= 500) serverErrors += e.getValue();
        }
        try {
            Shell.run("mkdir -p reports");
        } catch (ApiError e) {
            System.out.println("mkdir failed: " + e.getMessage());
        }
        gg.Files.writeFile("reports/status.txt", sb.toString());
        System.out.print(sb);
        if (skipped > 0) System.out.println("(" + skipped + " lines without a status code were skipped)");
        long tenths = total == 0 ? 0 : Math.round(serverErrors * 1000.0 / total);
        String pct = (tenths / 10) + "." + (tenths % 10) + "%";
        System.out.println("Server errors (5xx): " + serverErrors + " of " + total + " requests = " + pct);
    }
}
