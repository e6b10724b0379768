import gg.*;
import java.util.*;

class Main {
    static boolean identStart(char c) { return Character.isLetter(c) || c == '_'; }
    static boolean identPart(char c) { return Character.isLetterOrDigit(c) || c == '_'; }

    public static void main(String[] args) {
        String path = "src/settings.py";
        FileRead r = gg.Files.readFile(path);
        if (r.truncated()) r = gg.Files.readFile(path, 0, r.totalLines() + 1);
        String s = r.contents();
        StringBuilder out = new StringBuilder();
        int n = s.length();
        int i = 0;
        int renamed = 0;
        while (i < n) {
            char c = s.charAt(i);
            if (c == '#') {
                // comment: copy to end of line
                int j = s.indexOf('\n', i);
                if (j < 0) j = n;
                out.append(s, i, j);
                i = j;
            } else if (c == '"' || c == '\'') {
                String triple = "" + c + c + c;
                if (s.startsWith(triple, i)) {
                    int j = i + 3;
                    while (j < n && !s.startsWith(triple, j)) {
                        if (s.charAt(j) == '\\') j++;
                        j++;
                    }
                    j = Math.min(n, j + 3);
                    out.append(s, i, j);
                    i = j;
                } else {
                    int j = i + 1;
                    while (j < n && s.charAt(j) != c && s.charAt(j) != '\n') {
                        if (s.charAt(j) == '\\') j++;
                        j++;
                    }
                    j = Math.min(n, j + 1);
                    out.append(s, i, j);
                    i = j;
                }
            } else if (identStart(c)) {
                int j = i;
                while (j < n && identPart(s.charAt(j))) j++;
                String word = s.substring(i, j);
                // previous non-blank character, to skip attributes like json.load
                int p = i - 1;
                while (p >= 0 && (s.charAt(p) == ' ' || s.charAt(p) == '\t')) p--;
                boolean attribute = p >= 0 && s.charAt(p) == '.';
                if (word.equals("load") && !attribute) {
                    out.append("read_settings");
                    renamed++;
                } else {
                    out.append(word);
                }
                i = j;
            } else if (Character.isDigit(c)) {
                int j = i;
                while (j < n && identPart(s.charAt(j))) j++;
                out.append(s, i, j);
                i = j;
            } else {
                out.append(c);
                i++;
            }
        }
        String result = out.toString();
        gg.Files.writeFile(path, result);
        System.out.println("Renamed " + renamed + " uses of load to read_settings in " + path + ":");
        System.out.println(result);
    }
}
