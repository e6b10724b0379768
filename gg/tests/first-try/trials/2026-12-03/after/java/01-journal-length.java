import gg.*;

class Main {
    public static void main(String[] args) {
        String path = "notes/journal.txt";
        FileRead r = Files.readFile(path);
        if (!r.truncated()) {
            String text = r.contents();
            if (text.isEmpty()) {
                System.out.println(0);
                System.out.println("(the file is empty, so it has no last line)");
                return;
            }
            if (text.endsWith("\n")) text = text.substring(0, text.length() - 1);
            String[] lines = text.split("\n", -1);
            System.out.println(lines.length);
            System.out.println(stripEol(lines[lines.length - 1]));
        } else {
            int total = r.totalLines();
            System.out.println(total);
            FileRead last = Files.readFile(path, total - 1, 1);
            System.out.println(stripEol(last.contents()));
        }
    }

    static String stripEol(String s) {
        while (s.endsWith("\n") || s.endsWith("\r")) s = s.substring(0, s.length() - 1);
        return s;
    }
}
