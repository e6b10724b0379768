# A go-like board loop: random playouts on a 9×9 board; every move checks the neighbouring groups'
# liberties by flood fill, removes captured groups, and refuses suicide; then the area is scored.
import time

SIZE = 9
PLAYOUTS = 8
EMPTY, BLACK, WHITE = 0, 1, 2


def neighbours_table(size):
    table = []
    for p in range(size * size):
        r, c = divmod(p, size)
        ns = []
        if r > 0:
            ns.append(p - size)
        if r < size - 1:
            ns.append(p + size)
        if c > 0:
            ns.append(p - 1)
        if c < size - 1:
            ns.append(p + 1)
        table.append(ns)
    return table


NEIGHBOURS = neighbours_table(SIZE)


def group(board, p):
    colour = board[p]
    stones, libs = {p}, set()
    todo = [p]
    while todo:
        q = todo.pop()
        for n in NEIGHBOURS[q]:
            v = board[n]
            if v == EMPTY:
                libs.add(n)
            elif v == colour and n not in stones:
                stones.add(n)
                todo.append(n)
    return stones, libs


def play(board, p, colour):
    if board[p] != EMPTY:
        return False
    board[p] = colour
    enemy = 3 - colour
    captured = 0
    for n in NEIGHBOURS[p]:
        if board[n] == enemy:
            stones, libs = group(board, n)
            if not libs:
                for s in stones:
                    board[s] = EMPTY
                captured += len(stones)
    if not captured:
        _, libs = group(board, p)
        if not libs:
            board[p] = EMPTY
            return False
    return True


def eye(board, p, colour):
    return all(board[n] == colour for n in NEIGHBOURS[p])


def playout(seed):
    board = [EMPTY] * (SIZE * SIZE)
    colour = BLACK
    passes = 0
    moves = 0
    while passes < 2 and moves < 400:
        empties = [p for p in range(SIZE * SIZE) if board[p] == EMPTY and not eye(board, p, colour)]
        played = False
        while empties:
            seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
            p = empties.pop(seed % len(empties))
            if play(board, p, colour):
                played = True
                break
        passes = 0 if played else passes + 1
        moves += 1
        colour = 3 - colour
    score = 0
    for p in range(SIZE * SIZE):
        v = board[p]
        if v == EMPTY:
            owners = {board[n] for n in NEIGHBOURS[p]} - {EMPTY}
            v = owners.pop() if len(owners) == 1 else EMPTY
        score += 1 if v == BLACK else -1 if v == WHITE else 0
    return score, moves, seed


start = time.perf_counter()
seed = 2024
total = 0
moves = 0
for _ in range(PLAYOUTS):
    s, m, seed = playout(seed)
    total += s
    moves += m
elapsed = time.perf_counter() - start
print(f"score {total} moves {moves}")
print(f"kernel-seconds: {elapsed:.6f}")
