import gg.*;

class Main {
    public static void main(String[] args) {
        Memories.write(
            "staging-server",
            "How to reach the staging server: host staging.example.internal, SSH on port 2222",
            "The staging server is staging.example.internal. It is reachable over SSH on port 2222:\n"
                + "ssh -p 2222 staging.example.internal\n");
        Memory m = Memories.read("staging-server");
        System.out.println("saved memory " + m.name() + ": " + m.description());
    }
}
