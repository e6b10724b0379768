# Counts the programs in the connection's library, whatever language they were written in.
import gg

print(f"history: {len(gg.programs.history())}")
