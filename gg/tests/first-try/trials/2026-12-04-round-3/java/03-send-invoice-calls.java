import gg.*;
import java.io.*;
import java.util.*;

class Main {
    static final String NAME = "send_invoice";

    static void walk(File dir, String rel, List<String> files) {
        File[] entries = dir.listFiles();
        if (entries == null) return;
        Arrays.sort(entries, Comparator.comparing(File::getName));
        for (File f : entries) {
            String path = rel + "/" + f.getName();
            if (f.isDirectory()) {
                walk(f, path, files);
            } else if (f.isFile()) {
                files.add(path);
            }
        }
    }

    static String readText(String path) throws IOException {
        FileInputStream in = new FileInputStream(path);
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        byte[] chunk = new byte[8192];
        int n;
        while ((n = in.read(chunk)) > 0) {
            buf.write(chunk, 0, n);
        }
        in.close();
        return new String(buf.toByteArray(), "UTF-8");
    }

    static boolean isWordChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_';
    }

    // Does this line call send_invoice (not define it, not only mention it in a comment)?
    static boolean hasCall(String line) {
        int hash = line.indexOf('#');
        int from = 0;
        while (true) {
            int i = line.indexOf(NAME, from);
            if (i < 0) return false;
            from = i + 1;
            if (hash >= 0 && hash < i) return false;
            if (i > 0 && isWordChar(line.charAt(i - 1))) continue;
            int j = i + NAME.length();
            if (j < line.length() && isWordChar(line.charAt(j))) continue;
            while (j < line.length() && (line.charAt(j) == ' ' || line.charAt(j) == '\t')) j++;
            if (j >= line.length() || line.charAt(j) != '(') continue;
            String before = line.substring(0, i).trim();
            if (before.equals("def") || before.endsWith(" def") || before.equals("async def") || before.endsWith(" async def")) continue;
            return true;
        }
    }

    public static void main(String[] args) throws IOException {
        List<String> files = new ArrayList<>();
        walk(new File("src"), "src", files);
        int count = 0;
        for (String path : files) {
            String[] lines = readText(path).split("\n", -1);
            for (int k = 0; k < lines.length; k++) {
                if (hasCall(lines[k])) {
                    System.out.println(path + ":" + (k + 1));
                    count++;
                }
            }
        }
        if (count == 0) {
            System.out.println("no calls of send_invoice found under src");
        }
    }
}
