import gg

CODE = '''
def word_count(text):
    """How many words `text` has."""
    return len(text.split())
'''
gg.memories.write("textstats", "word_count(text): how many words a text has", "Helpers for counting words", code=CODE)
gg.programs.rerun('''
import gg
from lib import textstats

print(textstats.word_count(gg.files.read_file("notes/poem.txt").contents))
''')
