# Dicts and strings: made-up words from a generator, counted in dicts, grouped by key, joined and
# split again, and formatted (no JSON, no regular expressions).
import time

WORDS = 120_000
SYLLABLES = ["ka", "to", "ri", "mu", "ne", "so", "la", "pi", "qu", "ve", "zo", "da"]


def words(n):
    seed = 12345
    out = []
    for _ in range(n):
        seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
        k = 1 + seed % 3
        w = ""
        s = seed
        for _ in range(k):
            w += SYLLABLES[s % 12]
            s //= 12
        out.append(w)
    return out


def work(ws):
    counts = {}
    for w in ws:
        counts[w] = counts.get(w, 0) + 1
    by_len = {}
    for w, c in counts.items():
        by_len.setdefault(len(w), []).append((c, w))
    lines = []
    for length in sorted(by_len):
        group = sorted(by_len[length], reverse=True)[:5]
        lines.append(f"{length}:" + ",".join(f"{w}={c}" for c, w in group))
    text = " ".join(ws)
    back = text.split(" ")
    upper = {w.upper(): w for w in back[:5000]}
    index = {}
    for i, w in enumerate(back):
        index.setdefault(w[:2], set()).add(i % 97)
    digest = sum(len(v) for v in index.values()) + len(upper)
    return lines, digest


start = time.perf_counter()
ws = words(WORDS)
lines, digest = work(ws)
lines2, digest2 = work(ws[::-1])
elapsed = time.perf_counter() - start
print(f"digest {digest} {digest2} distinct {sum(len(l) for l in lines)} {lines[0]}")
print(f"kernel-seconds: {elapsed:.6f}")
