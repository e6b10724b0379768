import gg

gg.memories.write_memory(
    "staging-server",
    "The staging server is staging.example.internal, reachable over SSH on port 2222 "
    "(ssh -p 2222 staging.example.internal).",
    description="How to reach the staging server",
)
print("saved memory staging-server")
