import gg

gg.memories.write("staging-server", "The staging server is staging.example.internal, reachable over SSH on port 2222.",
                  description="Where the staging server is")
