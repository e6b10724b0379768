import gg.*;
import java.io.*;
import java.util.*;

class Main {
    public static void main(String[] args) throws IOException {
        String path = "logs/server.log";
        List<String> lines = new ArrayList<>();
        BufferedReader r = new BufferedReader(new InputStreamReader(new FileInputStream(path), "UTF-8"));
        String line;
        while ((line = r.readLine()) != null) lines.add(line);
        r.close();
        int last = -1;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith("=== start")) last = i;
        }
        if (last < 0) {
            System.out.println("no '=== start' line in " + path);
            System.exit(1);
        }
        int count = lines.size() - last;
        FileRead shown = gg.Views.openFile(path, last, count);
        System.out.println("view of " + path + " from line " + (last + 1) + " (" + lines.get(last) + ") to the end: "
                + count + " lines, shown lines " + shown.firstLine() + "-" + shown.lastLine() + " of " + shown.totalLines()
                + (shown.truncated() ? " (truncated)" : ""));
    }
}
