import gg

CODE = '''def count_words(text):
    """Return how many words (whitespace-separated) the text has."""
    return len(text.split())
'''

gg.memories.write(
    "textstats",
    "Helpers for counting words",
    "Helpers for counting words in a text. Use lib.textstats.count_words(text) -> int.",
    code=CODE,
)

SECOND = '''import gg
import lib

text = gg.files.read_file("notes/poem.txt").contents
print(lib.textstats.count_words(text))
'''
gg.programs.rerun(SECOND)
print("saved memory textstats; running the check next")
