"""``reverie mcp``: serve the workspace's memory to MCP clients over stdio."""

from __future__ import annotations

import argparse

from reverie.core.errors import UserError


def add_mcp_command(
    subparsers: argparse._SubParsersAction[argparse.ArgumentParser],
    common_parent: argparse.ArgumentParser,
) -> None:
    p = subparsers.add_parser(
        "mcp",
        parents=[common_parent],
        help="serve memory_search and memory_get to MCP clients over stdio",
        description="Run an MCP server on stdin/stdout with OpenClaw's memory tools "
        "(memory_search, memory_get) and memory_recall_block, on this workspace's index. "
        "The index is kept fresh while it runs; searches record their results in the "
        "dreaming ledger unless --no-record-recalls is given.",
    )
    p.add_argument(
        "--no-record-recalls",
        dest="record_recalls",
        action="store_false",
        help="do not record surfaced search results in the dreaming ledger",
    )
    p.add_argument(
        "--no-watch",
        dest="watch",
        action="store_false",
        help="do not watch the files for changes (the index is synced once at start)",
    )
    p.set_defaults(func=cmd_mcp, needs_service=False)


def cmd_mcp(args: argparse.Namespace) -> int:
    try:
        import mcp  # noqa: F401
    except ImportError as exc:
        raise UserError(f"the MCP server needs the 'mcp' package ({exc})") from exc
    from reverie.cli.common import data_dir_of, open_service, openclaw_profile_of
    from reverie.mcp.server import MemoryTools, saved_settings, serve_stdio

    service = open_service(args)
    try:
        tools = MemoryTools(
            service,
            settings=saved_settings(
                service.root, data_dir_of(args), openclaw_profile_of(args, service.root)
            ),
            record_recalls=args.record_recalls,
            watch=args.watch,
        )
        serve_stdio(tools)
    finally:
        service.close()
    return 0
