import gg.*;
import java.util.*;

class Main {
    public static void main(String[] args) {
        Memory old = gg.Memories.read("vpn");
        gg.Memories.write("office-vpn", old.body(), old.description(), old.code());
        Memory copy = gg.Memories.read("office-vpn");
        if (!Objects.equals(copy.body(), old.body()) || !Objects.equals(copy.description(), old.description())) {
            System.out.println("office-vpn does not match vpn; vpn left in place");
            System.exit(1);
        }
        gg.Memories.delete("vpn");
        System.out.println("renamed memory vpn to office-vpn (" + old.description() + ")");
    }
}
