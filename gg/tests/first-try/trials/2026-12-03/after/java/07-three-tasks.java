import gg.*;

class Main {
    public static void main(String[] args) {
        String[] titles = { "Draft the report", "Review the draft", "Send the report" };
        for (String title : titles) {
            int id = Tasks.add(new TaskInput(null, title));
            System.out.println(title + ": " + id);
        }
    }
}
