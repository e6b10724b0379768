import gg.*;
import java.util.*;

class Main {
    static String slug(String title) {
        String lower = title.toLowerCase();
        StringBuilder out = new StringBuilder();
        boolean pendingDash = false;
        for (int i = 0; i < lower.length(); i++) {
            char c = lower.charAt(i);
            boolean ok = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
            if (ok) {
                if (pendingDash && out.length() > 0) out.append('-');
                pendingDash = false;
                out.append(c);
            } else {
                pendingDash = true;
            }
        }
        return out.toString();
    }

    public static void main(String[] args) {
        String title = "Ledger 3.0: Faster Imports & Offline Mode";
        String date = "2026-12-04";
        String s = slug(title);
        FileRead draft = gg.Files.readFile("drafts/ledger-3.txt");
        if (draft.truncated()) throw new IllegalStateException("drafts/ledger-3.txt was read only in part");
        String postPath = "posts/" + date + "-" + s + ".md";
        gg.Files.writeFile(postPath, "# " + title + "\n\n" + draft.contents());

        FileRead index = gg.Files.readFile("posts/index.txt");
        if (index.truncated()) throw new IllegalStateException("posts/index.txt was read only in part");
        gg.Files.writeFile("posts/index.txt", date + " " + s + "\n" + index.contents());

        System.out.println("published " + date + "-" + s);
    }
}
