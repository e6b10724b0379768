import gg

CODE = '''
def count_words(text):
    """Return how many words the text has."""
    return len(text.split())
'''

gg.memories.write_memory(
    "textstats",
    "Helpers for counting words: count_words(text) returns how many words a text has.",
    description="Helpers for counting words",
    code=CODE,
)

SECOND = '''import gg
import lib

text = gg.files.read_file("notes/poem.txt")
print(lib.textstats.count_words(text))
'''

gg.programs.run_next(SECOND)
print("saved memory textstats and queued a program that uses it")
