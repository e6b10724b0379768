import gg.*;
import java.util.*;
import java.util.regex.*;

class Main {
    public static void main(String[] args) {
        FileRead r = Files.readFile("notes/meeting.txt");
        if (r.truncated()) r = Files.readFile("notes/meeting.txt", 0, r.totalLines());
        Pattern action = Pattern.compile("ACTION\\(\\s*([^)]*?)\\s*\\)\\s*:\\s*(.*?)\\s*(?=ACTION\\(|$)");
        Map<String, List<String>> byPerson = new TreeMap<>((a, b) -> {
            int c = a.compareToIgnoreCase(b);
            return c != 0 ? c : a.compareTo(b);
        });
        for (String line : r.contents().split("\n")) {
            if (line.endsWith("\r")) line = line.substring(0, line.length() - 1);
            Matcher m = action.matcher(line);
            while (m.find()) {
                String name = m.group(1);
                String what = m.group(2);
                if (name.isEmpty() || what.isEmpty()) continue;
                byPerson.computeIfAbsent(name, k -> new ArrayList<>()).add(what);
            }
        }
        StringBuilder md = new StringBuilder();
        for (Map.Entry<String, List<String>> e : byPerson.entrySet()) {
            if (md.length() > 0) md.append("\n");
            md.append("## ").append(e.getKey()).append("\n");
            for (String what : e.getValue()) md.append("- ").append(what).append("\n");
        }
        Files.writeFile("notes/actions.md", md.toString());
        for (Map.Entry<String, List<String>> e : byPerson.entrySet()) {
            System.out.println(e.getKey() + ": " + e.getValue().size());
        }
    }
}
