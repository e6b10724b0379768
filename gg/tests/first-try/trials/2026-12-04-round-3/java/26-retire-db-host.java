import gg.*;
import java.io.*;
import java.util.*;

class Main {
    static void walk(File dir, String rel, List<String> files) {
        File[] entries = dir.listFiles();
        if (entries == null) return;
        Arrays.sort(entries, Comparator.comparing(File::getName));
        for (File f : entries) {
            String path = rel + "/" + f.getName();
            if (f.isDirectory()) walk(f, path, files);
            else if (f.isFile()) files.add(path);
        }
    }

    static byte[] readBytes(String path) throws IOException {
        FileInputStream in = new FileInputStream(path);
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        byte[] chunk = new byte[8192];
        int n;
        while ((n = in.read(chunk)) > 0) buf.write(chunk, 0, n);
        in.close();
        return buf.toByteArray();
    }

    public static void main(String[] args) throws IOException {
        List<String> files = new ArrayList<>();
        walk(new File("config"), "config", files);
        int changed = 0;
        for (String path : files) {
            String text = new String(readBytes(path), "UTF-8");
            if (!text.contains("db-old.internal")) continue;
            String updated = text.replace("db-old.internal", "db.internal");
            FileOutputStream os = new FileOutputStream(path);
            os.write(updated.getBytes("UTF-8"));
            os.close();
            System.out.println(path);
            changed++;
        }
        if (changed == 0) System.out.println("no file under config names db-old.internal");
    }
}
