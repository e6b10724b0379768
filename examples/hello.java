// A sample Java program: `cargo run -p gg -- run examples/hello.java`.
import gg.*;
import java.util.*;
import java.util.stream.*;

public class Main {
    record Line(int number, String text) {}

    enum Mood { CALM, BUSY }

    static List<Line> numbered(String text) {
        String[] parts = text.split("\n");
        List<Line> out = new ArrayList<>();
        for (int i = 0; i < parts.length; i++) out.add(new Line(i + 1, parts[i]));
        return out;
    }

    public static void main(String[] args) {
        Files.writeFile("notes.txt", "alpha\nbeta\ngamma\n");
        FileRead read = Files.readFile("notes.txt");
        List<Line> lines = numbered(read.contents());
        String longest = lines.stream().max(Comparator.comparingInt(l -> l.text().length())).map(Line::text).orElse("");
        System.out.println(lines.size() + " lines, the longest is " + longest);
        System.out.println("mood: " + (lines.size() > 2 ? Mood.BUSY : Mood.CALM));
        try {
            Files.readFile("missing.txt");
        } catch (ApiError e) {
            System.out.println("as expected: " + e.code);
        }
        System.out.println(IntStream.rangeClosed(1, 5).mapToObj(Integer::toString).collect(Collectors.joining(",")));
    }
}
