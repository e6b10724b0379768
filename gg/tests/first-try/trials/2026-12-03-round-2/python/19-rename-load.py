import io
import tokenize
import gg

path = "src/settings.py"
source = gg.files.read_file(path).contents

# Find the NAME tokens `load` that are not an attribute (like json.load);
# comments and strings are separate tokens, so they are never touched.
spots = []
prev = None
for tok in tokenize.generate_tokens(io.StringIO(source).readline):
    if tok.type == tokenize.NAME and tok.string == "load":
        if not (prev is not None and prev.type == tokenize.OP and prev.string == "."):
            spots.append(tok.start)
    if tok.type not in (tokenize.NL, tokenize.NEWLINE, tokenize.COMMENT,
                        tokenize.INDENT, tokenize.DEDENT):
        prev = tok

lines = source.splitlines(keepends=True)
for row, col in sorted(spots, reverse=True):
    line = lines[row - 1]
    lines[row - 1] = line[:col] + "read_settings" + line[col + len("load"):]

gg.files.write_file(path, "".join(lines))
print(f"Renamed {len(spots)} uses of load to read_settings in {path}")
