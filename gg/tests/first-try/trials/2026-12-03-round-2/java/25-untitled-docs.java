import gg.*;
import java.util.*;
import java.io.*;

class Main {
    static void walk(File dir, String rel, List<String> out) throws IOException {
        File[] entries = dir.listFiles();
        if (entries == null) return;
        for (File f : entries) {
            String p = rel + "/" + f.getName();
            if (f.isDirectory()) {
                walk(f, p, out);
            } else if (f.isFile() && f.getName().endsWith(".md")) {
                if (!hasTitle(f)) out.add(p);
            }
        }
    }

    static boolean hasTitle(File f) throws IOException {
        try (BufferedReader br = new BufferedReader(new FileReader(f))) {
            String line;
            while ((line = br.readLine()) != null) {
                if (line.startsWith("\uFEFF")) line = line.substring(1);
                if (line.startsWith("# ")) return true;
            }
        }
        return false;
    }

    public static void main(String[] args) throws IOException {
        List<String> untitled = new ArrayList<>();
        walk(new File("docs"), "docs", untitled);
        Collections.sort(untitled);
        StringBuilder sb = new StringBuilder();
        for (String p : untitled) sb.append(p).append("\n");
        try (Writer w = new FileWriter("docs/untitled.txt")) {
            w.write(sb.toString());
        }
        System.out.println("Markdown files under docs without a title line (" + untitled.size() + "):");
        System.out.print(sb);
    }
}
