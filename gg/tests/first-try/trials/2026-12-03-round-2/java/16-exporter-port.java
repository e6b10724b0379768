import gg.*;
import java.util.*;

class Main {
    static String digitsAt(String s, int i) {
        int j = i;
        while (j < s.length() && Character.isDigit(s.charAt(j))) j++;
        return s.substring(i, j);
    }

    // A port named in one line: after "port", after ":", or else a lone 2-5 digit number.
    static String portIn(String line) {
        String lower = line.toLowerCase();
        int k = lower.indexOf("port");
        while (k >= 0) {
            int i = k + 4;
            int skipped = 0;
            while (i < line.length() && skipped < 8 && !Character.isDigit(line.charAt(i))) { i++; skipped++; }
            if (i < line.length() && Character.isDigit(line.charAt(i))) {
                String d = digitsAt(line, i);
                if (d.length() >= 2 && d.length() <= 5) return d;
            }
            k = lower.indexOf("port", k + 4);
        }
        for (int i = 1; i < line.length(); i++) {
            if (line.charAt(i - 1) == ':' && Character.isDigit(line.charAt(i))) {
                String d = digitsAt(line, i);
                int end = i + d.length();
                boolean timeLike = end < line.length() && line.charAt(end) == ':';
                if (d.length() >= 2 && d.length() <= 5 && !timeLike) return d;
            }
        }
        return null;
    }

    public static void main(String[] args) {
        Set<String> names = new LinkedHashSet<>();
        for (String kw : List.of("exporter", "metrics", "metrics exporter", "port", "prometheus", "monitoring", "node_exporter")) {
            try {
                for (MemoryHit h : Memories.search(List.of(kw))) names.add(h.name());
            } catch (ApiError e) {
                System.out.println("search " + kw + " failed: " + e.code());
            }
        }
        names.addAll(List.of("observability-notes", "prometheus-retention", "grafana-login", "alert-routes",
                "oncall-rota", "office-printer", "release-freeze"));

        String bestPort = null, bestName = null, bestLine = null;
        List<String> exporterLines = new ArrayList<>();
        for (String name : names) {
            Memory m;
            try {
                m = Memories.read(name);
            } catch (ApiError e) {
                continue;
            }
            String all = (m.description() == null ? "" : m.description()) + "\n"
                    + (m.body() == null ? "" : m.body());
            String[] lines = all.split("\n");
            for (int i = 0; i < lines.length; i++) {
                String l = lines[i];
                String low = l.toLowerCase();
                if (!low.contains("exporter")) continue;
                exporterLines.add(name + ": " + l.trim());
                String p = portIn(l);
                if (p == null && i + 1 < lines.length) p = portIn(lines[i + 1]);
                if (p != null && bestPort == null) {
                    bestPort = p;
                    bestName = name;
                    bestLine = l.trim();
                }
            }
        }
        if (bestPort != null) {
            System.out.println("The metrics exporter listens on port " + bestPort
                    + " (memory " + bestName + ": \"" + bestLine + "\")");
            System.out.println(bestPort);
        } else {
            System.out.println("No port found for the metrics exporter. Lines about exporters:");
            for (String l : exporterLines) System.out.println(l);
        }
    }
}
