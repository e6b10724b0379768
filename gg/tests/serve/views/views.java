// Prints the views the connection's earlier programs opened, then opens one of its own.
import gg.*;
import java.util.stream.Collectors;

public class Main {
    public static void main(String[] args) {
        String seen = Views.current().stream().map(v -> v.selector()).collect(Collectors.joining(","));
        System.out.println("views: [" + seen + "]");
        Views.openText("opened by a Java program", "java");
    }
}
