import gg

NOTES = '''\
import gg

# How many characters a summary keeps.
LIMIT = 40


class Summary:
    """A text's first line, cut to LIMIT characters."""

    def __init__(self, line: str):
        self.line = line[:LIMIT]


def summarize(text: str) -> Summary:
    """The first non-blank line of a text.

    Blank lines before it are skipped; a text with none gives an empty line.
    """
    lines = [line for line in text.splitlines() if line.strip()]
    return Summary(lines[0] if lines else "")


def summarize_file(read: gg.files.FileRead) -> Summary:
    """The summary of what gg.files.read_file returned."""
    return summarize(read.contents)
'''

gg.memories.write("notes", "Helpers for notes.", "note helpers", code=NOTES)
print("written")
