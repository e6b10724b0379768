import gg
gg.memories.write("textstats", "Helpers for counting words", "word counts", code="def word_count(t):\n    return len(t.split())\n")
gg.programs.rerun('import gg\nprint(len(gg.files.read_file("notes/poem.txt").contents.split()))\n')
