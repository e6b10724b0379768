"""A real MCP client (the Python `mcp` SDK) driving `gg serve` over stdio and streamable HTTP.

Usage: client.py GG_BINARY             the checks gg/tests/all/serve.rs runs; exits non-zero on a failure
       client.py GG_BINARY --bench N   N warm run_program calls per arm and transport: the round trip
                                       against the outcome's own wall_ms (the turn inside gg-core)
"""

import asyncio
import json
import os
import pathlib
import signal
import statistics
import subprocess
import sys
import tempfile
import time

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client

HERE = pathlib.Path(__file__).parent
# The arms with no program in views/: the fixture arm has checks of its own below.
NO_VIEWS_PROGRAM = {"fixture"}


def text_of(result):
    return "\n".join(c.text for c in result.content if getattr(c, "type", None) == "text")


def check(condition, what, detail=""):
    if not condition:
        raise AssertionError(f"{what}\n{detail}")
    print(f"ok  {what}")


async def run(session, source, language="fixture", **extra):
    result = await session.call_tool("run_program", {"language": language, "source": source, **extra})
    return result, result.structured_content


def program(arm_info, directory, stem):
    """The program `stem.<ext>` in `directory` for one of the arm's extensions, or None."""
    for ext in arm_info["extensions"]:
        path = HERE / directory / f"{stem}.{ext}"
        if path.is_file():
            return path.read_text()
    return None


# Where the servers keep named workspaces' state (gg keeps it outside the workspace).
STATE_HOME = tempfile.mkdtemp(prefix="gg-serve-state-")


def state_of(workspace):
    """The state directory gg made for `workspace`: the one whose `workspace` file names it."""
    real = str(pathlib.Path(workspace).resolve())
    for entry in (pathlib.Path(STATE_HOME) / "workspaces").iterdir():
        named = entry / "workspace"
        if named.is_file() and named.read_text().strip() == real:
            return entry
    raise AssertionError(f"no state directory for {workspace}")


def stdio(gg, *args):
    env = {**os.environ, "GG_STATE_HOME": STATE_HOME}
    return stdio_client(StdioServerParameters(command=gg, args=["serve", *args], env=env))


async def arms_share_one_session(session, arms):
    """Each arm's views program, in registry order: each sees the views every earlier one opened."""
    seen, last_turn, ran = [], None, 0
    for arm in arms:
        if arm["id"] in NO_VIEWS_PROGRAM:
            continue
        source = program(arm, "views", "views")
        check(source is not None, f"gg/tests/serve/views/ has a program for the {arm['id']} arm", arm["extensions"])
        if arm["toolchain"]["status"] == "missing":
            print(f"SKIP the {arm['id']} arm: its toolchain is missing ({arm['toolchain']['install']})")
            continue
        result, outcome = await run(session, source, language=arm["id"])
        check(outcome["status"] == "completed", f"a {arm['id']} program completes through serve", text_of(result))
        check(outcome["logs"] == ["views: [" + ",".join(seen) + "]"],
              f"the {arm['id']} program sees the views of every earlier arm {seen}", outcome["logs"])
        check(last_turn is None or outcome["turn"] == last_turn + 1,
              f"the {arm['id']} program is the connection's next turn", (last_turn, outcome["turn"]))
        seen.append(arm["id"])
        last_turn = outcome["turn"]
        ran += 1
    return ran


async def checks(gg, session):
    init = await session.initialize()
    check(init.server_info.name == "gg", "initialize names the server gg", init)

    tools = {t.name for t in (await session.list_tools()).tools}
    want = {"run_program", "list_arms", "search_docs", "get_prompt"}
    check(want <= tools, "tools/list has run_program, list_arms, search_docs, get_prompt", tools)

    listed = await session.call_tool("list_arms", {})
    arms = listed.structured_content["arms"]
    by_id = {a["id"]: a for a in arms}
    check("fixture" in by_id, "list_arms names the fixture arm", list(by_id))

    ran = await arms_share_one_session(session, arms)

    if "python" in by_id and by_id["python"]["toolchain"]["status"] != "missing":
        result, outcome = await run(session, (HERE / "history.py").read_text(), language="python")
        check(outcome["logs"] == [f"history: {ran}"],
              "the program library holds every arm's programs (none overwritten)", (ran, outcome["logs"]))

    result, outcome = await run(session, "log hello from mcp\n")
    check(not result.is_error and outcome["status"] == "completed", "a program completes", text_of(result))
    check(outcome["logs"] == ["hello from mcp"], "its logs are in the structured outcome", outcome["logs"])
    check("fixture · turn" in text_of(result) and "hello from mcp" in text_of(result),
          "the text is gg run's rendering", text_of(result))

    result, outcome = await run(session, "log before\nfail it broke\n")
    check(result.is_error and outcome["status"] == "program_error", "a failing program is an error result",
          text_of(result))
    check(outcome["error"]["location"]["line"] == 2 and "it broke" in text_of(result),
          "the failure is located in the text and the outcome", text_of(result))

    result, outcome = await run(session, "loop\n", timeout_secs=0.3)
    check(outcome["status"] == "timeout", "timeout_secs stops a loop", text_of(result))
    check(outcome["limits"]["timeout_secs"] == 0.3, "the call's limit is the outcome's", outcome["limits"])

    first, _ = await run(session, 'op views.open_text {"label": "note", "body": "kept"}\n')
    result, outcome = await run(session, "op views.current {}\n")
    check(any('"note"' in line for line in outcome["logs"]), "a second call sees the first call's view",
          outcome["logs"])
    check(outcome["turn"] > 1, "turns count across calls", outcome["turn"])

    if "javascript" in by_id:
        result, outcome = await run(session, (HERE / "rerun.js").read_text(), language="javascript")
        reruns = outcome.get("reruns", [])
        check(outcome["logs"] == ["queued a rerun"] and len(reruns) == 1, "a queued rerun runs in the same call",
              text_of(result))
        check(reruns[0]["turn"] == outcome["turn"] + 1 and reruns[0]["logs"][0].startswith("the rerun ran after"),
              "the rerun is the next turn and its outcome is under `reruns`", reruns)
        check(len(result.content) == 2 and "queued a rerun" in result.content[0].text
              and "the rerun ran" in result.content[1].text, "each program's rendering is a text block of its own",
              text_of(result))

    # Issue 25: a JavaScript program reruns a Python library program's source: it runs as Python.
    if "javascript" in by_id and "python" in by_id and by_id["python"]["toolchain"]["status"] != "missing":
        _, py = await run(session, 'print("the python program ran")\n', language="python")
        source = 'import { programs } from "gg";\nprograms.rerun(programs.get(%d));\n' % py["turn"]
        result, outcome = await run(session, source, language="javascript")
        reruns = outcome.get("reruns", [])
        check(outcome["rerun_arm"] == "python" and len(reruns) == 1 and reruns[0]["arm"] == "python"
              and reruns[0]["logs"] == ["the python program ran"],
              "a rerun of a Python library program runs in the Python arm", text_of(result))

    # One key bound by two arms: each arm's module keeps its own check.
    if all(a in by_id and by_id[a]["toolchain"]["status"] != "missing" for a in ("python", "typescript")):
        steps = [("python", "1-bind.py"), ("typescript", "2-rebind.ts"), ("python", "3-use.py")]
        outcomes = [(await run(session, (HERE / "modules" / name).read_text(), language=arm))[1]
                    for arm, name in steps]
        check([(b["key"], b["check"]) for b in outcomes[1]["module_bindings"]] == [("helper", "failed")],
              "a TypeScript module that does not parse is reported", outcomes[1])
        check(outcomes[2]["logs"] == ["7"] and outcomes[2]["module_errors"] == [],
              "the Python module of the same key keeps its own check", outcomes[2])
    else:
        print("SKIP one key bound by two arms: the python or typescript toolchain is missing")

    # A rerun that queues a rerun, twelve deep: the chain stops after 8 and says so.
    chain = "log the end\n"
    for _ in range(12):
        chain = "op programs.rerun " + json.dumps({"source": chain}) + "\n"
    result, outcome = await run(session, chain)
    reruns = outcome.get("reruns", [])
    check(len(reruns) == 8, "a chain of reruns through serve runs the program and 8 reruns", len(reruns))
    check("a chain of reruns stops after 8" in (reruns[-1]["rerun_stopped"] or ""),
          "the last outcome says which bound stopped the chain", reruns[-1]["rerun_stopped"])

    # Calls at once on one connection, on one arm and across arms: serialised, each its own logs.
    other = ("javascript", 'console.log("second")') if "javascript" in by_id else ("fixture", "log second\n")
    (r1, o1), (r2, o2), (r3, o3) = await asyncio.gather(
        run(session, "sleep 200\nlog first\n"),
        run(session, other[1], language=other[0]),
        run(session, "log third\n"),
    )
    check(o1["logs"] == ["first"] and o2["logs"] == ["second"] and o3["logs"] == ["third"],
          "concurrent calls on one connection do not cross-talk", (o1["logs"], o2["logs"], o3["logs"]))
    check(sorted([o1["turn"], o2["turn"], o3["turn"]]) == list(range(min(o1["turn"], o2["turn"], o3["turn"]),
                                                                     min(o1["turn"], o2["turn"], o3["turn"]) + 3)),
          "they are consecutive turns of the one session", (o1["turn"], o2["turn"], o3["turn"]))

    result = await session.call_tool("run_program", {"language": "cobol", "source": "x"})
    check(result.is_error and "fixture" in text_of(result), "an unknown language is refused with the arms",
          text_of(result))

    docs = await session.call_tool("search_docs", {"language": "fixture", "query": ""})
    check(not docs.is_error and "total" in docs.structured_content, "search_docs answers", text_of(docs))

    prompt = await session.call_tool("get_prompt", {"language": "fixture"})
    check(prompt.content, "get_prompt answers (a segment or a plain refusal)", prompt)

    resources = await session.list_resources()
    uris = [str(r.uri) for r in resources.resources]
    check("gg://catalogue/fixture" in uris, "resources list the fixture catalogue", uris)
    read = await session.read_resource("gg://catalogue/fixture")
    json.loads(read.contents[0].text)
    check(True, "the catalogue resource is JSON")
    await session.list_prompts()
    check(True, "prompts/list answers")
    return by_id


async def named_workspace(gg, by_id):
    """`--workspace DIR`: the library is written after every call, across arms and connections."""
    with tempfile.TemporaryDirectory(prefix="gg-serve-test-") as workspace:
        language = "javascript" if "javascript" in by_id else "fixture"
        source = 'console.log("in the named workspace")' if language == "javascript" else "log named\n"
        async with stdio(gg, "--workspace", workspace) as (read, write):
            async with ClientSession(read, write) as session:
                await session.initialize()
                await run(session, "log one\n")
                await run(session, source, language=language)
        library = json.loads((state_of(workspace) / "programs.json").read_text())
        check([(e["turn"], e["arm"]) for e in library["entries"]] == [(1, "fixture"), (2, language)],
              "a named workspace's library keeps every arm's programs", library["entries"])
        async with stdio(gg, "--workspace", workspace) as (read, write):
            async with ClientSession(read, write) as session:
                await session.initialize()
                _, outcome = await run(session, "op programs.history {}\n")
        check(outcome["turn"] == 3 and "turn" in outcome["logs"][0],
              "the next connection on the workspace continues its library", outcome)
    with tempfile.TemporaryDirectory(prefix="gg-serve-test-") as workspace:
        async with stdio(gg, "--workspace", workspace) as (read, write):
            async with ClientSession(read, write) as session:
                await session.initialize()
                # A directory where the library file goes: writing the library fails.
                # (A first call makes the state directory.)
                await run(session, "log first\n")
                library = state_of(workspace) / "programs.json"
                library.unlink()
                (library / "in-the-way").mkdir(parents=True)
                result, outcome = await run(session, "log kept\n")
        check(outcome["status"] == "completed" and "gg: the program library was not saved" in text_of(result),
              "a library that cannot be saved is reported in the call's answer", text_of(result))


async def agent_prompt(gg, by_id):
    """`get_prompt` (the tool and the MCP prompt) answers for the server's own settings."""
    language = next((a for a in ("python", "javascript", "ruby") if a in by_id), None)
    if language is None:
        print("SKIP agent prompt: no arm with a prompt segment is compiled in")
        return
    grant = "files.read_file,files.list_dir,session.approve,session.request_changes"
    async with stdio(gg, "--grant", grant, "--ending", "review") as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            tool = text_of(await session.call_tool("get_prompt", {"language": language}))
            check("You are a reviewer" in tool and "Your grant refuses 28 of gg's 32 operations" in tool,
                  "get_prompt says the server's grant and ending", tool[-600:])
            check("write_file" not in tool and "writeFile" not in tool,
                  "get_prompt leaves out what the grant refuses", tool)
            finish = text_of(await session.call_tool("get_prompt", {"language": language, "ending": "finish"}))
            check("which your grant refuses" in finish,
                  "get_prompt answers for a call's ending (finish, not granted here)", finish[-400:])
            mcp = await session.get_prompt(language)
            check(mcp.messages[0].content.text == tool, "the MCP prompt is the tool's text", mcp)


class HttpServer:
    """`gg serve --http 127.0.0.1:0`, its URL read from the line it prints to stderr."""

    def __init__(self, gg, *args):
        self.process = subprocess.Popen([gg, "serve", "--http", "127.0.0.1:0", *args],
                                        stdin=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        prefix = "gg serve: listening on "
        # Before it, the server states its reach.
        line = self.process.stderr.readline()
        while line.startswith("gg serve: ") and not line.startswith(prefix):
            line = self.process.stderr.readline()
        if not line.startswith(prefix):
            self.process.kill()
            raise AssertionError(f"gg serve --http printed {line!r}")
        self.url = line[len(prefix):].strip()

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        status = self.process.wait(timeout=30)
        rest = self.process.stderr.read()
        return status, rest


async def http_session(url, label, by_id):
    async with streamable_http_client(url) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            await run(session, "op views.open_text " + json.dumps({"label": label, "body": label}) + "\nsleep 150\n")
            # Two calls at once on this session: one after the other, each its own logs.
            (_, a), (_, b) = await asyncio.gather(
                run(session, f"sleep 100\nlog {label} a\n"),
                run(session, f"log {label} b\n"),
            )
            _, outcome = await run(session, "op views.current {}\n")
            js = None
            if "javascript" in by_id:
                _, js = await run(session, (HERE / "views" / "views.js").read_text(), language="javascript")
            return outcome, (a, b), js


async def http_checks(gg, by_id):
    server = HttpServer(gg)
    try:
        check(server.url.startswith("http://127.0.0.1:") and server.url.endswith("/mcp"),
              "gg serve --http listens on a loopback address at /mcp", server.url)
        (one, pair_one, js_one), (two, pair_two, js_two) = await asyncio.gather(
            http_session(server.url, "left", by_id), http_session(server.url, "right", by_id))
        check([v["selector"] for v in one["views"]] == ["left"] and [v["selector"] for v in two["views"]] == ["right"],
              "two HTTP sessions at once each see only their own views", (one["views"], two["views"]))
        check(one["turn"] == 4 and two["turn"] == 4, "each HTTP session numbers its own turns",
              (one["turn"], two["turn"]))
        for label, (a, b) in (("left", pair_one), ("right", pair_two)):
            check(a["logs"] == [f"{label} a"] and b["logs"] == [f"{label} b"] and a["turn"] != b["turn"],
                  f"concurrent calls on the {label} HTTP session do not cross-talk", (a, b))
        if js_one is not None:
            check(js_one["status"] == "completed" and js_one["logs"] == ["views: [left]"]
                  and js_two["logs"] == ["views: [right]"],
                  "a JavaScript program over HTTP sees its own session's views", (js_one["logs"], js_two["logs"]))
    finally:
        status, rest = server.stop()
    check(status == 0, "gg serve --http stops cleanly on SIGTERM", (status, rest))


async def main_checks(gg):
    async with stdio(gg) as (read, write):
        async with ClientSession(read, write) as session:
            by_id = await checks(gg, session)
    await named_workspace(gg, by_id)
    await agent_prompt(gg, by_id)
    await http_checks(gg, by_id)
    print("all checks passed")


async def timed(session, source, language, n):
    await run(session, source, language=language)
    rows = []
    for _ in range(n):
        start = time.perf_counter()
        _, outcome = await run(session, source, language=language)
        rows.append(((time.perf_counter() - start) * 1000, outcome["timing"]["wall_ms"]))
    rtt = [r for r, _ in rows]
    over = sorted(r - w for r, w in rows)
    return {
        "round_trip_ms_median": round(statistics.median(rtt), 3),
        "wall_ms_median": round(statistics.median(w for _, w in rows), 3),
        "protocol_ms_median": round(statistics.median(over), 3),
        "protocol_ms_p90": round(over[int(n * 0.9) - 1], 3),
    }


BENCH_PROGRAMS = [("fixture", "log hi\n"), ("javascript", 'console.log("hi")')]


async def bench(gg, n):
    results = []
    async with stdio(gg) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            for language, source in BENCH_PROGRAMS:
                results.append({"transport": "stdio", "arm": language, **await timed(session, source, language, n)})
    server = HttpServer(gg)
    try:
        async with streamable_http_client(server.url) as (read, write):
            async with ClientSession(read, write) as session:
                await session.initialize()
                for language, source in BENCH_PROGRAMS:
                    results.append({"transport": "http", "arm": language, **await timed(session, source, language, n)})
    finally:
        server.stop()
    for row in results:
        print(json.dumps({"calls": n, **row}))


if __name__ == "__main__":
    gg_binary = sys.argv[1]
    if len(sys.argv) > 3 and sys.argv[2] == "--bench":
        asyncio.run(bench(gg_binary, int(sys.argv[3])))
    else:
        asyncio.run(main_checks(gg_binary))
