import gg
gg.memories.write("textstats", "word counts", "Helpers for counting words", code="def word_count(t):\n    return len(t.split())\n")
gg.programs.rerun('import gg\nprint(len(gg.files.read_file("notes/poem.txt").contents.split()))\n')
