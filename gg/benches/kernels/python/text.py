# Text processing without regular expressions: a made-up document tokenised by hand, case-folded,
# counted, wrapped to a width, and scanned character by character for a checksum.
import time

PARAGRAPHS = 1200
VOCAB = ("the quick brown fox jumps over a lazy dog while seven wizards quietly "
         "judge boxing matches, and jovial packers mix zebras; sphinx of black quartz!").split()


def document(n):
    seed = 7
    paras = []
    for _ in range(n):
        words = []
        for _ in range(60):
            seed = (seed * 69069 + 1) & 0xFFFFFFFF
            w = VOCAB[seed % len(VOCAB)]
            words.append(w.capitalize() if seed & 0x100 else w)
        paras.append(" ".join(words) + ".")
    return "\n\n".join(paras)


def tokenize(text):
    tokens = []
    cur = []
    for ch in text:
        if ch.isalpha():
            cur.append(ch.lower())
        elif cur:
            tokens.append("".join(cur))
            cur = []
    if cur:
        tokens.append("".join(cur))
    return tokens


def wrap(text, width):
    lines = []
    for para in text.split("\n\n"):
        line = ""
        for word in para.split():
            if line and len(line) + 1 + len(word) > width:
                lines.append(line)
                line = word
            else:
                line = line + " " + word if line else word
        lines.append(line)
    return lines


def checksum(text):
    h = 0
    for ch in text:
        h = (h * 31 + ord(ch)) & 0xFFFFFFFF
    return h


start = time.perf_counter()
doc = document(PARAGRAPHS)
tokens = tokenize(doc)
freq = {}
for t in tokens:
    freq[t] = freq.get(t, 0) + 1
top = sorted(freq.items(), key=lambda kv: (-kv[1], kv[0]))[:3]
lines = wrap(doc, 72)
centered = [l.center(80).rstrip() for l in lines]
h = checksum("\n".join(centered))
elapsed = time.perf_counter() - start
print(f"tokens {len(tokens)} lines {len(lines)} top {top} hash {h}")
print(f"kernel-seconds: {elapsed:.6f}")
