import gg.*;

class Main {
    public static void main(String[] args) {
        ShellOutput out = Shell.run("wc -w < notes/poem.txt");
        String text = out.output() == null ? "" : out.output().trim();
        if (out.exitCode() == null || out.exitCode() != 0 || text.isEmpty()) {
            System.out.println("wc failed (exit " + out.exitCode() + "): " + text);
            System.exit(1);
        }
        System.out.println(text.split("\\s+")[0]);
    }
}
