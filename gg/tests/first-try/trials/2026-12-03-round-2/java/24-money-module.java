import gg.*;
import java.util.*;

class Main {
    public static void main(String[] args) {
        String code = """
            static String formatEuros(long cents) {
                boolean negative = cents < 0;
                long a = Math.abs(cents);
                String whole = Long.toString(a / 100);
                StringBuilder sb = new StringBuilder();
                int n = whole.length();
                for (int i = 0; i < n; i++) {
                    if (i > 0 && (n - i) % 3 == 0) sb.append(',');
                    sb.append(whole.charAt(i));
                }
                long c = a % 100;
                return (negative ? "-" : "") + sb + "." + (c < 10 ? "0" : "") + c + " EUR";
            }
            """;
        String body = "Java code module lib.money: formatEuros(long cents) formats an amount in cents as euros "
                + "with a thousands separator and two decimals, e.g. lib.money.formatEuros(129900) gives \"1,299.00 EUR\".";
        Memories.write("money", "Helpers for showing amounts of money", body, code);
        System.out.println("Saved memory money.");

        String second = """
            import gg.*;
            import java.util.*;

            class Main {
                public static void main(String[] args) {
                    String nl = String.valueOf((char) 10);
                    String cr = String.valueOf((char) 13);
                    FileRead r = gg.Files.readFile("data/orders.csv");
                    if (r.truncated()) r = gg.Files.readFile("data/orders.csv", 0, r.totalLines() + 1);
                    Map<String, Long> totals = new TreeMap<>();
                    for (String raw : r.contents().split(nl)) {
                        String line = raw.replace(cr, "").trim();
                        if (line.isEmpty()) continue;
                        int first = line.indexOf(',');
                        int last = line.lastIndexOf(',');
                        if (first < 0 || last <= first) continue;
                        String customer = line.substring(first + 1, last).trim();
                        long cents;
                        try {
                            cents = Long.parseLong(line.substring(last + 1).trim());
                        } catch (NumberFormatException e) {
                            continue; // the header line
                        }
                        totals.merge(customer, cents, Long::sum);
                    }
                    StringBuilder sb = new StringBuilder();
                    for (Map.Entry<String, Long> e : totals.entrySet()) {
                        sb.append(e.getKey()).append(": ").append(lib.money.formatEuros(e.getValue())).append(nl);
                    }
                    try {
                        gg.Shell.run("mkdir -p reports");
                    } catch (ApiError e) {
                        System.out.println("mkdir failed: " + e.getMessage());
                    }
                    gg.Files.writeFile("reports/totals.txt", sb.toString());
                    System.out.println("Wrote reports/totals.txt:");
                    System.out.print(sb);
                }
            }
            """;
        Programs.rerun(second);
        System.out.println("The second program will run next and write reports/totals.txt.");
    }
}
