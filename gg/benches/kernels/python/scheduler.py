# A Richards-like scheduler: prioritised tasks (an idler, workers, handlers, devices) pass packets
# through a run queue; each task is an object whose step method decides what runs next.
import time

ROUNDS = 8
PACKETS = 4000


class Packet:
    __slots__ = ("link", "dest", "kind", "datum", "data")

    def __init__(self, link, dest, kind):
        self.link = link
        self.dest = dest
        self.kind = kind
        self.datum = 0
        self.data = [0] * 4


class Task:
    __slots__ = ("ident", "priority", "queue", "waiting", "held", "sched", "count")

    def __init__(self, sched, ident, priority):
        self.sched = sched
        self.ident = ident
        self.priority = priority
        self.queue = []
        self.waiting = False
        self.held = False
        self.count = 0

    def runnable(self):
        return not self.held and (self.queue or not self.waiting)

    def take(self):
        if self.queue:
            return self.queue.pop(0)
        return None


class Idler(Task):
    __slots__ = ("seed", "left")

    def __init__(self, sched, ident, priority, left):
        super().__init__(sched, ident, priority)
        self.seed = 1
        self.left = left

    def step(self, packet):
        self.left -= 1
        if self.left == 0:
            return None
        self.count += 1
        if self.seed & 1:
            self.seed = (self.seed >> 1) ^ 0xD008
            return self.sched.release(5)
        self.seed >>= 1
        return self.sched.release(4)


class Worker(Task):
    __slots__ = ("dest", "letter")

    def __init__(self, sched, ident, priority):
        super().__init__(sched, ident, priority)
        self.dest = 2
        self.letter = 0

    def step(self, packet):
        if packet is None:
            return self.sched.wait()
        self.count += 1
        self.dest = 3 if self.dest == 2 else 2
        packet.dest = self.dest
        packet.datum = 0
        for i in range(4):
            self.letter = (self.letter + 1) % 26
            packet.data[i] = self.letter
        return self.sched.send(packet)


class Handler(Task):
    __slots__ = ("works", "devs")

    def __init__(self, sched, ident, priority):
        super().__init__(sched, ident, priority)
        self.works = []
        self.devs = []

    def step(self, packet):
        if packet is not None:
            (self.works if packet.kind == "work" else self.devs).append(packet)
        if self.works:
            work = self.works[0]
            if work.datum >= 4:
                self.works.pop(0)
                return self.sched.send(work)
            if self.devs:
                dev = self.devs.pop(0)
                dev.datum = work.data[work.datum]
                work.datum += 1
                self.count += 1
                return self.sched.send(dev)
        return self.sched.wait()


class Device(Task):
    __slots__ = ("pending",)

    def __init__(self, sched, ident, priority):
        super().__init__(sched, ident, priority)
        self.pending = None

    def step(self, packet):
        if packet is None:
            if self.pending is None:
                return self.sched.wait()
            p, self.pending = self.pending, None
            return self.sched.send(p)
        self.pending = packet
        self.count += 1
        return self.sched.hold()


class Scheduler:
    def __init__(self, packets):
        self.tasks = {}
        self.order = []
        self.current = None
        add = self.add
        add(Idler(self, 0, 0, packets))
        add(Worker(self, 1, 1000))
        add(Handler(self, 2, 2000))
        add(Handler(self, 3, 3000))
        add(Device(self, 4, 4000))
        add(Device(self, 5, 5000))
        self.order.sort(key=lambda t: -t.priority)
        worker = self.tasks[1]
        for _ in range(2):
            worker.queue.append(Packet(None, 1, "work"))
        for h in (2, 3):
            for d in range(3):
                self.tasks[h].queue.append(Packet(None, h + 2, "dev"))
            self.tasks[h].waiting = True
        for d in (4, 5):
            self.tasks[d].waiting = True

    def add(self, task):
        self.tasks[task.ident] = task
        self.order.append(task)

    def wait(self):
        self.current.waiting = True
        return self.current

    def hold(self):
        self.current.held = True
        return None

    def release(self, ident):
        task = self.tasks[ident]
        task.held = False
        return task if task.priority > self.current.priority else self.current

    def send(self, packet):
        target = self.tasks[packet.dest]
        packet.dest = self.current.ident
        target.queue.append(packet)
        if target.priority > self.current.priority:
            return target
        return self.current

    def run(self):
        steps = 0
        while True:
            task = None
            for t in self.order:
                if t.runnable():
                    task = t
                    break
            if task is None:
                return steps
            self.current = task
            while task is not None and task.runnable():
                self.current = task
                packet = task.take()
                if packet is not None:
                    task.waiting = False
                before = task
                task = task.step(packet)
                steps += 1
                if task is None and before.ident == 0 and before.left == 0:
                    return steps


start = time.perf_counter()
total = 0
counts = [0] * 6
for _ in range(ROUNDS):
    s = Scheduler(PACKETS)
    total += s.run()
    for ident, t in s.tasks.items():
        counts[ident] += t.count
elapsed = time.perf_counter() - start
print(f"steps {total} counts {counts}")
print(f"kernel-seconds: {elapsed:.6f}")
