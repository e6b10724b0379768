import gg.*;
import java.io.*;
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

    static String readText(String path) throws IOException {
        FileInputStream in = new FileInputStream(path);
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        byte[] chunk = new byte[8192];
        int n;
        while ((n = in.read(chunk)) > 0) buf.write(chunk, 0, n);
        in.close();
        return new String(buf.toByteArray(), "UTF-8");
    }

    public static void main(String[] args) throws IOException {
        String[] lines = readText("data/stock.csv").split("\n");
        List<String> header = parseCsvLine(lines[0].replace("\r", ""));
        int itemCol = -1, stockCol = -1, minCol = -1;
        for (int i = 0; i < header.size(); i++) {
            String h = header.get(i).trim().toLowerCase();
            if (h.equals("item")) itemCol = i;
            if (h.equals("stock")) stockCol = i;
            if (h.equals("minimum")) minCol = i;
        }
        if (itemCol < 0 || stockCol < 0 || minCol < 0) throw new IllegalStateException("missing columns: " + header);
        List<String> low = new ArrayList<>();
        for (int r = 1; r < lines.length; r++) {
            String line = lines[r].replace("\r", "");
            if (line.trim().isEmpty()) continue;
            List<String> f = parseCsvLine(line);
            double stock = Double.parseDouble(f.get(stockCol).trim());
            double min = Double.parseDouble(f.get(minCol).trim());
            if (stock < min) low.add(f.get(itemCol).trim());
        }
        StringBuilder out = new StringBuilder();
        for (String item : low) out.append(item).append("\n");
        FileOutputStream os = new FileOutputStream("reports/restock.txt");
        os.write(out.toString().getBytes("UTF-8"));
        os.close();
        System.out.println("wrote reports/restock.txt with " + low.size() + " items");
        for (String item : low) {
            Issue issue = gg.Board.createIssue(new IssueInput("Restock " + item, null, List.of("supplies")));
            System.out.println("#" + issue.id() + " " + issue.title() + " " + issue.labels());
        }
    }
}
