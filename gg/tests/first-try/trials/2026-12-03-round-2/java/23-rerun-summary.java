import gg.*;
import java.util.*;

class Main {
    public static void main(String[] args) {
        String bestSource = null;
        int bestTurn = -1;
        int bestScore = 0;
        for (ProgramSummary p : Programs.history()) {
            String src;
            try {
                src = Programs.get(p.turn());
            } catch (ApiError e) {
                continue;
            }
            if (src == null || src.contains("Programs.rerun") || src.contains("Programs.history")) continue;
            int score = 0;
            if (src.contains("reports/summary.txt") || src.contains("summary.txt")) score += 4;
            else continue;
            if (src.contains("sales.csv")) score += 2;
            String low = src.toLowerCase();
            if (low.contains("write") || low.contains("\"w\"") || low.contains("'w'") || src.contains(">")) score += 2;
            if (p.ok()) score += 1;
            System.out.println("turn " + p.turn() + " (ok=" + p.ok() + ", score " + score + ")");
            if (score >= bestScore) {
                bestScore = score;
                bestSource = src;
                bestTurn = p.turn();
            }
        }
        if (bestSource == null) {
            System.out.println("No earlier program mentions reports/summary.txt.");
            System.exit(1);
        }
        System.out.println("Running again the program of turn " + bestTurn + ":");
        System.out.println(bestSource);
        Programs.rerun(bestSource);
    }
}
