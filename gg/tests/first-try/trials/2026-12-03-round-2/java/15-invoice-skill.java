import gg.*;
import java.util.*;
import java.math.*;

class Main {
    static String invoiceNumber(int year, int order) {
        String ord = String.valueOf(order);
        while (ord.length() < 5) ord = "0" + ord;
        String digits = String.valueOf(year) + ord;
        int sum = 0;
        for (int i = 0; i < digits.length(); i++) {
            sum += (i + 1) * (digits.charAt(i) - '0');
        }
        String letters = "ABCDEFGHJKLMNPQRSTUVWXYZ";
        char check = letters.charAt(sum % 24);
        return "INV-" + year + "-" + ord + "-" + check;
    }

    public static void main(String[] args) {
        int year = 2026;
        int order = 1187;
        String customer = "Lindqvist AB";
        String total = new BigDecimal("1250.5").setScale(2, RoundingMode.HALF_UP).toPlainString();

        String number = invoiceNumber(year, order);
        String invoice = "invoice: " + number + "\n"
                + "customer: " + customer + "\n"
                + "total: " + total + " EUR\n";
        gg.Files.writeFile("invoices/" + number + ".txt", invoice);

        FileRead r = gg.Files.readFile("invoices/index.txt");
        if (r.truncated()) r = gg.Files.readFile("invoices/index.txt", 0, r.totalLines() + 1);
        String index = r.contents();
        if (!index.isEmpty() && !index.endsWith("\n")) index += "\n";
        index += number + " " + customer + "\n";
        gg.Files.writeFile("invoices/index.txt", index);

        System.out.println("Wrote invoices/" + number + ".txt:");
        System.out.print(invoice);
        System.out.println("Added to invoices/index.txt: " + number + " " + customer);
    }
}
