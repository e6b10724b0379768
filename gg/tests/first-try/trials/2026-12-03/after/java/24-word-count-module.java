import gg.*;

class Main {
    public static void main(String[] args) {
        String code = """
            public static int countWords(String text) {
                if (text == null) return 0;
                int count = 0;
                boolean inWord = false;
                for (int i = 0; i < text.length(); i++) {
                    if (Character.isWhitespace(text.charAt(i))) {
                        inWord = false;
                    } else if (!inWord) {
                        inWord = true;
                        count++;
                    }
                }
                return count;
            }
            """;
        String body = "Helpers for counting words in a text.\n"
            + "lib.textstats.countWords(String text) returns how many whitespace-separated words the text has.\n";
        Memories.write("textstats", "Helpers for counting words", body, code);
        System.out.println("saved memory textstats with countWords");

        String second = """
            import gg.*;

            class Main {
                public static void main(String[] args) {
                    FileRead r = gg.Files.readFile("notes/poem.txt");
                    if (r.truncated()) r = gg.Files.readFile("notes/poem.txt", 0, r.totalLines());
                    System.out.println(lib.textstats.countWords(r.contents()));
                }
            }
            """;
        Programs.rerun(second);
        System.out.println("the next program counts the words of notes/poem.txt with lib.textstats.countWords");
    }
}
