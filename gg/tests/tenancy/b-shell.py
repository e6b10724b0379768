# Session B's reach through its shell: A's files, A's workspace and what is around it, gg's state,
# the server's environment, and the network. Each command is printed by its label with its exit
# status and output; a command that reaches the network prints the word NET""OK.
import gg

A_ROOT = "@@A_ROOT@@"
A_PARENT = "@@A_PARENT@@"
STATE_HOME = "@@STATE_HOME@@"
SERVER_HOME = "@@SERVER_HOME@@"
SERVER_PID = "@@SERVER_PID@@"
PORT = "@@PORT@@"

commands = {
    "cat A's files": f"cat {A_ROOT}/secret.txt {A_ROOT}/secret-own.txt",
    "ls A's root": f"ls -la {A_ROOT}",
    "ls A's parent": f"ls -la {A_PARENT} {A_PARENT}/..",
    "find around A": f"find {A_PARENT} -maxdepth 3 | head -100",
    "grep around A": f"grep -r . {A_PARENT} | head -50",
    "gg's state": f"grep -r . {STATE_HOME} {SERVER_HOME}/.local/state | head -50",
    "env": "env",
    "the server's environment": f"tr '\\0' '\\n' < /proc/{SERVER_PID}/environ",
    "/etc/passwd": "cat /etc/passwd",
    "tcp by python3": f"python3 -c \"import socket; socket.create_connection(('127.0.0.1', {PORT}), 3)\" && echo NET\"\"OK",
    "tcp by bash": f"bash -c 'echo > /dev/tcp/127.0.0.1/{PORT}' && echo NET\"\"OK",
    "tcp by curl": f"curl -sS -m 3 -o /dev/null http://127.0.0.1:{PORT}/mcp && echo NET\"\"OK",
}
for label, command in commands.items():
    try:
        r = gg.shell.run(command, timeout_secs=10)
        print(f"SHELL {label}: exit {r.exit_code}")
        for line in r.output.splitlines()[:60]:
            print(f"  {line[:300]}")
    except gg.ApiError as e:
        print(f"SHELL {label}: refused {e.code} {e.message}")
