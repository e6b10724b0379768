import gg.*;
import java.util.*;

class Main {
    static final String CODE = """
        public static String hms(long seconds) {
            long h = seconds / 3600;
            long m = (seconds % 3600) / 60;
            long s = seconds % 60;
            return h + ":" + (m < 10 ? "0" : "") + m + ":" + (s < 10 ? "0" : "") + s;
        }
        """;

    static final String SECOND = """
        import gg.*;
        import java.util.*;

        class Main {
            record Run(String runner, long seconds) {}

            public static void main(String[] args) {
                FileRead read = gg.Files.readFile("data/runs.csv");
                if (read.truncated()) throw new IllegalStateException("data/runs.csv was read only in part");
                String[] lines = read.contents().split("\\n");
                String[] header = lines[0].replace("\\r", "").split(",");
                int runnerCol = -1, secondsCol = -1;
                for (int i = 0; i < header.length; i++) {
                    String h = header[i].trim().toLowerCase();
                    if (h.equals("runner")) runnerCol = i;
                    if (h.equals("seconds")) secondsCol = i;
                }
                if (runnerCol < 0 || secondsCol < 0) throw new IllegalStateException("no runner or seconds column");
                List<Run> runs = new ArrayList<>();
                for (int r = 1; r < lines.length; r++) {
                    String line = lines[r].replace("\\r", "");
                    if (line.trim().isEmpty()) continue;
                    String[] f = line.split(",");
                    runs.add(new Run(f[runnerCol].trim(), Long.parseLong(f[secondsCol].trim())));
                }
                runs.sort(Comparator.comparingLong(Run::seconds));
                StringBuilder out = new StringBuilder();
                for (Run run : runs) {
                    out.append(run.runner()).append(" ").append(lib.durations.hms(run.seconds())).append("\\n");
                }
                gg.Files.writeFile("reports/times.txt", out.toString());
                System.out.println("wrote reports/times.txt:");
                System.out.print(out);
            }
        }
        """;

    public static void main(String[] args) {
        gg.Memories.write("durations", "Helpers for showing lengths of time.\n\n"
                + "hms(seconds) formats a number of seconds as h:mm:ss, e.g. hms(3725) is \"1:02:05\".",
                "Helpers for showing lengths of time", CODE);
        System.out.println("saved the memory durations with its code:");
        System.out.println(CODE);
        gg.Programs.rerun(SECOND);
        System.out.println("the second program, which writes reports/times.txt, runs after this one");
    }
}
