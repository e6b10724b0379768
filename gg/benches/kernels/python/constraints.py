# DeltaBlue-like constraint solving: variables joined by equality and scale constraints of
# several strengths; an edit at one end is propagated along the chain by a plan that picks, for
# each constraint, the output its strength allows, and the plan is replanned as constraints come
# and go.
import time

CHAIN = 300
EDITS = 40
ROUNDS = 9
REQUIRED, STRONG, MEDIUM, WEAK = 0, 1, 2, 3


class Var:
    __slots__ = ("name", "value", "constraints", "determined_by", "walk_strength", "stay")

    def __init__(self, name, value):
        self.name = name
        self.value = value
        self.constraints = []
        self.determined_by = None
        self.walk_strength = WEAK + 1
        self.stay = True


class Constraint:
    def __init__(self, strength):
        self.strength = strength

    def add(self):
        for v in self.vars():
            v.constraints.append(self)

    def remove(self):
        for v in self.vars():
            v.constraints.remove(self)
            if v.determined_by is self:
                v.determined_by = None


class Equal(Constraint):
    def __init__(self, a, b, strength):
        super().__init__(strength)
        self.a, self.b = a, b
        self.out = None
        self.add()

    def vars(self):
        return (self.a, self.b)

    def choose(self):
        # write whichever end is determined more weakly
        self.out = self.b if self.b.walk_strength >= self.a.walk_strength else self.a
        return self.out

    def inp(self):
        return self.a if self.out is self.b else self.b

    def execute(self):
        self.out.value = self.inp().value


class Scale(Equal):
    def __init__(self, a, b, factor, offset, strength):
        self.factor, self.offset = factor, offset
        super().__init__(a, b, strength)

    def execute(self):
        if self.out is self.b:
            self.b.value = self.a.value * self.factor + self.offset
        else:
            self.a.value = (self.b.value - self.offset) // self.factor


class Edit(Constraint):
    def __init__(self, v, strength):
        super().__init__(strength)
        self.v = v
        self.add()

    def vars(self):
        return (self.v,)


def plan(sources):
    """Order the constraints downstream of the edited sources, strongest first at each step."""
    order = []
    todo = list(sources)
    seen = set()
    for s in sources:
        s.walk_strength = REQUIRED
    while todo:
        v = todo.pop()
        cs = sorted((c for c in v.constraints if isinstance(c, Equal) and id(c) not in seen), key=lambda c: c.strength)
        for c in cs:
            seen.add(id(c))
            other = c.b if c.a is v else c.a
            if c.strength <= other.walk_strength or other.determined_by is None:
                c.out = other
                other.determined_by = c
                other.walk_strength = max(v.walk_strength, c.strength)
                order.append(c)
                todo.append(other)
    return order


def chain_test(n):
    vs = [Var(f"v{i}", 0) for i in range(n)]
    cons = []
    for i in range(n - 1):
        if i % 3 == 0:
            cons.append(Scale(vs[i], vs[i + 1], 2, 1, STRONG if i % 2 else MEDIUM))
        else:
            cons.append(Equal(vs[i], vs[i + 1], REQUIRED if i % 5 == 0 else STRONG))
    total = 0
    for k in range(EDITS):
        for v in vs:
            v.determined_by = None
            v.walk_strength = WEAK + 1
        edit = Edit(vs[0], REQUIRED)
        order = plan([vs[0]])
        vs[0].value = k % 7
        for c in order:
            c.execute()
        total += vs[-1].value % 1000003 + len(order)
        edit.remove()
        # churn: drop and re-add one constraint mid-chain
        c = cons[(k * 7) % len(cons)]
        c.remove()
        c.add()
    return total


start = time.perf_counter()
total = 0
for r in range(ROUNDS):
    total += chain_test(CHAIN + r)
elapsed = time.perf_counter() - start
print(f"total {total}")
print(f"kernel-seconds: {elapsed:.6f}")
