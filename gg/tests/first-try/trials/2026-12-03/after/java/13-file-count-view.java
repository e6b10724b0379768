import gg.*;

class Main {
    public static void main(String[] args) {
        int count = 0;
        for (DirEntry e : Files.listDir(null)) {
            if (e.kind() == EntryKind.FILE) count++;
        }
        Views.openText("file count", String.valueOf(count));
        System.out.println("files directly in the workspace: " + count);
    }
}
