import gg.*;
import java.util.*;

class Main {
    static List<String> parseCsvLine(String line) {
        List<String> fields = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"') {
                    if (i + 1 < line.length() && line.charAt(i + 1) == '"') {
                        cur.append('"');
                        i++;
                    } else {
                        quoted = false;
                    }
                } else {
                    cur.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                fields.add(cur.toString());
                cur.setLength(0);
            } else {
                cur.append(c);
            }
        }
        fields.add(cur.toString());
        return fields;
    }

    public static void main(String[] args) {
        FileRead read = gg.Files.readFile("team/people.csv");
        if (read.truncated()) throw new IllegalStateException("team/people.csv was read only in part");
        String[] lines = read.contents().split("\n");
        List<String> header = parseCsvLine(lines[0].replace("\r", ""));
        int teamCol = -1, emailCol = -1;
        for (int i = 0; i < header.size(); i++) {
            String h = header.get(i).trim().toLowerCase();
            if (h.equals("team")) teamCol = i;
            if (h.equals("email")) emailCol = i;
        }
        if (teamCol < 0 || emailCol < 0) throw new IllegalStateException("no team or email column: " + header);
        List<String> emails = new ArrayList<>();
        for (int r = 1; r < lines.length; r++) {
            String line = lines[r].replace("\r", "");
            if (line.trim().isEmpty()) continue;
            List<String> f = parseCsvLine(line);
            if (f.size() <= Math.max(teamCol, emailCol)) continue;
            if (f.get(teamCol).trim().equals("Sales")) emails.add(f.get(emailCol).trim());
        }
        Collections.sort(emails);
        String body = String.join("\n", emails);
        gg.Views.openText(body, "sales emails");
        System.out.println("opened the view 'sales emails' with " + emails.size() + " addresses:");
        System.out.println(body);
    }
}
