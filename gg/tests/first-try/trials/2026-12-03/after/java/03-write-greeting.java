import gg.*;

class Main {
    public static void main(String[] args) {
        String path = "out/greeting.txt";
        String text = "Hello from the agent\n";
        long n;
        try {
            n = Files.writeFile(path, text);
        } catch (ApiError e) {
            // The folder may not exist yet: create it, then try once more.
            System.out.println("first write failed (" + e.code() + ": " + e.message() + "), creating out/");
            Shell.run("mkdir -p out");
            n = Files.writeFile(path, text);
        }
        System.out.println("wrote " + n + " bytes to " + path);
    }
}
