import gg

gg.memories.write(
    "staging-server",
    "How to reach the staging server (host and SSH port)",
    "The staging server is staging.example.internal, reachable over SSH on port 2222.\n"
    "Example: ssh -p 2222 staging.example.internal\n",
)
print("saved memory staging-server")
