import gg.*;
import java.math.*;
import java.util.*;

// Java's own file functions (java.io / java.nio.file) are not available in this sandbox
// (TeaVM's class library has no java.io files), so gg's file operations are used instead.
class Main {
    public static void main(String[] args) {
        FileRead r = Files.readFile("data/scores.csv");
        if (r.truncated()) r = Files.readFile("data/scores.csv", 0, r.totalLines());
        List<String[]> rows = new ArrayList<>();
        for (String line : r.contents().split("\n")) {
            String t = line.trim();
            if (t.isEmpty()) continue;
            String[] cells = t.split(",", -1);
            for (int i = 0; i < cells.length; i++) cells[i] = unquote(cells[i].trim());
            rows.add(cells);
        }
        if (rows.isEmpty()) {
            System.out.println("data/scores.csv has no rows");
            System.exit(1);
        }

        int nameCol = 0, scoreCol = 1;
        int start = 0;
        String[] first = rows.get(0);
        boolean header = false;
        for (int i = 0; i < first.length; i++) {
            String c = first[i].toLowerCase();
            if (c.contains("name")) { nameCol = i; header = true; }
            if (c.contains("score")) { scoreCol = i; header = true; }
        }
        if (!header && first.length > scoreCol && parse(first[scoreCol]) == null) header = true;
        if (header) start = 1;

        String top = null;
        BigDecimal best = null;
        BigDecimal sum = BigDecimal.ZERO;
        int count = 0;
        for (int i = start; i < rows.size(); i++) {
            String[] row = rows.get(i);
            if (row.length <= Math.max(nameCol, scoreCol)) continue;
            BigDecimal s = parse(row[scoreCol]);
            if (s == null) {
                System.out.println("skipping row " + (i + 1) + ": " + String.join(",", row));
                continue;
            }
            sum = sum.add(s);
            count++;
            if (best == null || s.compareTo(best) > 0) { best = s; top = row[nameCol]; }
        }
        if (count == 0) {
            System.out.println("no scores found");
            System.exit(1);
        }
        BigDecimal avg = sum.divide(BigDecimal.valueOf(count), 1, RoundingMode.HALF_UP);
        String summary = "top: " + top + "\naverage: " + avg.toPlainString() + "\n";
        Files.writeFile("data/summary.txt", summary);
        System.out.print(summary);
        System.out.println("(used gg.Files: this sandbox's Java has no file functions of its own)");
    }

    static BigDecimal parse(String s) {
        try {
            return new BigDecimal(s.trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    static String unquote(String s) {
        if (s.length() >= 2 && s.startsWith("\"") && s.endsWith("\"")) return s.substring(1, s.length() - 1);
        return s;
    }
}
