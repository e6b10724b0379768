import gg.*;
import java.util.*;
import java.util.regex.*;

class Main {
    public static void main(String[] args) {
        boolean exists = false;
        for (DirEntry e : Files.listDir("config")) {
            if (e.name().equals("settings.json")) exists = true;
        }
        if (!exists) {
            String example = readAll("config/settings.example.json");
            Files.writeFile("config/settings.json", example);
            System.out.println("created config/settings.json from config/settings.example.json");
        }
        String json = readAll("config/settings.json");
        Matcher m = Pattern.compile("\"retries\"\\s*:\\s*(\"(?:[^\"\\\\]|\\\\.)*\"|[^,}\\]\\s]+)").matcher(json);
        if (!m.find()) {
            System.out.println("no retries setting in config/settings.json");
            System.exit(1);
        }
        System.out.println("retries: " + m.group(1));
    }

    static String readAll(String path) {
        FileRead r = Files.readFile(path);
        if (r.truncated()) r = Files.readFile(path, 0, r.totalLines());
        return r.contents();
    }
}
