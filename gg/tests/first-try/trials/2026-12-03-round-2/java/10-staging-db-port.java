import gg.*;
import java.util.*;

class Main {
    static String digitsAt(String s, int i) {
        int j = i;
        while (j < s.length() && Character.isDigit(s.charAt(j))) j++;
        return s.substring(i, j);
    }

    // Find the port the text currently names, or null.
    static String findPort(String body) {
        String lower = body.toLowerCase();
        // 1. "port 5432", "port: 5432", "port is 5432", "port=5432"
        int from = 0;
        while (true) {
            int k = lower.indexOf("port", from);
            if (k < 0) break;
            int i = k + 4;
            int skipped = 0;
            while (i < body.length() && skipped < 6 && !Character.isDigit(body.charAt(i)) && body.charAt(i) != '\n') {
                i++;
                skipped++;
            }
            if (i < body.length() && Character.isDigit(body.charAt(i))) {
                String d = digitsAt(body, i);
                if (d.length() >= 2 && d.length() <= 5) return d;
            }
            from = k + 4;
        }
        // 2. "host:5432"
        for (int k = 1; k < body.length(); k++) {
            if (body.charAt(k - 1) == ':' && Character.isDigit(body.charAt(k))
                    && k >= 2 && Character.isLetterOrDigit(body.charAt(k - 2))) {
                String d = digitsAt(body, k);
                int end = k + d.length();
                boolean timeLike = end < body.length() && body.charAt(end) == ':';
                if (d.length() >= 3 && d.length() <= 5 && !timeLike) return d;
            }
        }
        // 3. "-p 5432"
        int k = body.indexOf("-p ");
        if (k >= 0 && k + 3 < body.length() && Character.isDigit(body.charAt(k + 3))) {
            String d = digitsAt(body, k + 3);
            if (d.length() >= 2 && d.length() <= 5) return d;
        }
        return null;
    }

    static String replaceNumber(String s, String old, String neu) {
        StringBuilder sb = new StringBuilder();
        int i = 0;
        while (i < s.length()) {
            if (Character.isDigit(s.charAt(i))) {
                String d = digitsAt(s, i);
                sb.append(d.equals(old) ? neu : d);
                i += d.length();
            } else {
                sb.append(s.charAt(i));
                i++;
            }
        }
        return sb.toString();
    }

    public static void main(String[] args) {
        Memory m = Memories.read("staging-db");
        String body = m.body() == null ? "" : m.body();
        System.out.println("Before:\n" + body);
        String old = findPort(body);
        String newBody;
        if (old == null) {
            newBody = body + (body.isEmpty() || body.endsWith("\n") ? "" : "\n") + "Port: 6543\n";
            System.out.println("No port found in the text; added a line for it.");
        } else if (old.equals("6543")) {
            System.out.println("The memory already says port 6543; nothing to change.");
            return;
        } else {
            newBody = replaceNumber(body, old, "6543");
            System.out.println("Replaced port " + old + " with 6543.");
        }
        Memories.write("staging-db", m.description(), newBody, m.code());
        System.out.println("After:\n" + Memories.read("staging-db").body());
    }
}
