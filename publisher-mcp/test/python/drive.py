"""Drives publisher-mcp with a Python MCP client and prints what it received, as JSON.

    python drive.py '{"client": "sdk" | "fastmcp", "transport": "stdio" | "http",
                      "command": ..., "args": [...], "env": {...}, "url": ..., "calls": [[name, args], ...]}'

Prints {"client", "transport", "tools": [names], "calls": [{"name", "isError", "chars", "keys"}]}:
chars is the length of JSON.stringify-like JSON of the structured result (what Claude
Code hands the model), keys its top-level keys.
"""
import asyncio
import json
import sys


def summary(name, structured, is_error, content):
    text = json.dumps(structured, ensure_ascii=False, separators=(",", ":")) if structured is not None else ""
    first = content[0].text if content and getattr(content[0], "text", None) else ""
    return {"name": name, "isError": bool(is_error), "chars": len(text), "keys": sorted(structured) if isinstance(structured, dict) else [], "text": first[:200]}


async def with_sdk(plan):
    from mcp import ClientSession

    if plan["transport"] == "stdio":
        from mcp.client.stdio import StdioServerParameters, stdio_client

        opened = stdio_client(StdioServerParameters(command=plan["command"], args=plan["args"], env=plan["env"]))
    else:
        from mcp.client.streamable_http import streamable_http_client

        opened = streamable_http_client(plan["url"])
    async with opened as streams:
        read, write = streams[0], streams[1]
        async with ClientSession(read, write) as session:
            await session.initialize()
            tools = (await session.list_tools()).tools
            calls = []
            for name, args in plan["calls"]:
                result = await session.call_tool(name, args)
                structured = getattr(result, "structuredContent", None) or getattr(result, "structured_content", None)
                is_error = getattr(result, "isError", None) or getattr(result, "is_error", False)
                calls.append(summary(name, structured, is_error, result.content))
            return [tool.name for tool in tools], calls


async def with_fastmcp(plan):
    from fastmcp import Client

    if plan["transport"] == "stdio":
        from fastmcp.client.transports import StdioTransport

        transport = StdioTransport(command=plan["command"], args=plan["args"], env=plan["env"])
    else:
        from fastmcp.client.transports import StreamableHttpTransport

        transport = StreamableHttpTransport(plan["url"])
    async with Client(transport) as client:
        tools = await client.list_tools()
        calls = []
        for name, args in plan["calls"]:
            result = await client.call_tool(name, args, raise_on_error=False)
            calls.append(summary(name, result.structured_content, result.is_error, result.content))
        return [tool.name for tool in tools], calls


def main():
    plan = json.loads(sys.argv[1])
    drive = with_sdk if plan["client"] == "sdk" else with_fastmcp
    tools, calls = asyncio.run(drive(plan))
    print(json.dumps({"client": plan["client"], "transport": plan["transport"], "tools": tools, "calls": calls}))


if __name__ == "__main__":
    main()
