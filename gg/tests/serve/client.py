"""A real MCP client (the Python `mcp` SDK) driving `gg serve` over stdio with the fixture arm.

Usage: client.py GG_BINARY            the checks gg/tests/serve.rs runs; exits non-zero on a failure
       client.py GG_BINARY --bench N  N trivial run_program calls: the protocol's cost against wall_ms
"""

import asyncio
import json
import statistics
import sys
import time

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client


def text_of(result):
    return "\n".join(c.text for c in result.content if getattr(c, "type", None) == "text")


async def run(session, source, **extra):
    result = await session.call_tool("run_program", {"language": "fixture", "source": source, **extra})
    return result, result.structured_content


def check(condition, what, detail=""):
    if not condition:
        raise AssertionError(f"{what}\n{detail}")
    print(f"ok  {what}")


async def checks(session):
    init = await session.initialize()
    check(init.server_info.name == "gg", "initialize names the server gg", init)

    tools = {t.name for t in (await session.list_tools()).tools}
    want = {"run_program", "list_arms", "search_docs", "get_prompt"}
    check(want <= tools, "tools/list has run_program, list_arms, search_docs, get_prompt", tools)

    arms = await session.call_tool("list_arms", {})
    ids = [a["id"] for a in arms.structured_content["arms"]]
    check("fixture" in ids, "list_arms names the fixture arm", ids)

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

    await run(session, 'op views.open_text {"label": "note", "body": "kept"}\n')
    result, outcome = await run(session, "op views.current {}\n")
    check(any('"note"' in line for line in outcome["logs"]), "a second call sees the first call's view",
          outcome["logs"])
    check(outcome["turn"] > 1, "turns count across calls", outcome["turn"])

    # Two calls at once on one arm: serialised, each sees only its own logs.
    (r1, o1), (r2, o2) = await asyncio.gather(run(session, "sleep 200\nlog first\n"), run(session, "log second\n"))
    check(o1["logs"] == ["first"] and o2["logs"] == ["second"] and o1["turn"] != o2["turn"],
          "concurrent calls on one arm do not cross-talk", (o1["logs"], o2["logs"], o1["turn"], o2["turn"]))

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


async def bench(session, n):
    await session.initialize()
    await run(session, "log warm\n")
    rows = []
    for _ in range(n):
        start = time.perf_counter()
        _, outcome = await run(session, "log hi\n")
        rows.append(((time.perf_counter() - start) * 1000, outcome["timing"]["wall_ms"]))
    rtt = [r for r, _ in rows]
    wall = [w for _, w in rows]
    over = [r - w for r, w in rows]
    print(json.dumps({
        "calls": n,
        "round_trip_ms_median": round(statistics.median(rtt), 3),
        "wall_ms_median": round(statistics.median(wall), 3),
        "protocol_ms_median": round(statistics.median(over), 3),
        "protocol_ms_p90": round(sorted(over)[int(n * 0.9) - 1], 3),
    }))


async def main():
    gg = sys.argv[1]
    params = StdioServerParameters(command=gg, args=["serve", "--no-cache"])
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            if len(sys.argv) > 3 and sys.argv[2] == "--bench":
                await bench(session, int(sys.argv[3]))
            else:
                await checks(session)
    print("all checks passed")


asyncio.run(main())
