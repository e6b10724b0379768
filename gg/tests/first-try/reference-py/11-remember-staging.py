import gg

gg.memories.write("staging-server", "Where the staging server is",
                  "The staging server is staging.example.internal, reachable over SSH on port 2222.")
