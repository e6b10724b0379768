import re, sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from checklib import Run, fail, meaningful

BOTH = ["data-policy", "kafka-topics", "stream-consumers"]
NOT = ["backups", "kafka-brokers", "log-retention", "oncall"]
run = Run()
run.require_completed()
printed = [l.lstrip("-* ").strip() for l in meaningful(run.logs())]
for name in BOTH:
    if not any(re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", l) for l in printed):
        fail(f"{name}, which mentions both, was not printed")
for name in NOT:
    if any(re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", l) for l in printed):
        fail(f"{name} was printed, but it does not mention both Kafka and retention")
