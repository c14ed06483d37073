"""The ``reverie`` command. With a subcommand it is the CLI; with none it opens the app."""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Sequence

from .. import __version__
from ..core.errors import ReverieError, UserError
from ..core.service import MemoryService
from .common import common_parser, open_service
from .dream import add_dream_commands
from .mcp import add_mcp_command
from .memory import add_memory_commands


def build_parser() -> argparse.ArgumentParser:
    common = common_parser()
    parser = argparse.ArgumentParser(
        prog="reverie",
        description="A workbench for the Markdown memory of AI agents. "
        "Without a command, opens the desktop app.",
        parents=[common],
    )
    parser.add_argument("--version", action="version", version=f"reverie {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    add_memory_commands(sub, common)
    p = sub.add_parser("gui", parents=[common], help="open the desktop app")
    p.set_defaults(func=cmd_gui)
    add_dream_commands(sub, common)
    add_mcp_command(sub, common)
    return parser


def cmd_gui(args: argparse.Namespace, service: MemoryService | None = None) -> int:
    try:
        from ..gui.app import run_app
    except ImportError as exc:
        raise UserError(f"the desktop app cannot start: {exc}") from exc
    return run_app(args)


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    logging.basicConfig(
        level=logging.INFO if args.verbose else logging.WARNING,
        format="%(levelname)s %(name)s: %(message)s",
    )
    if not getattr(args, "command", None):
        return cmd_gui(args)
    if args.command == "gui":
        return cmd_gui(args)
    service: MemoryService | None = None
    try:
        if getattr(args, "needs_service", True) is False:
            return int(args.func(args))
        service = open_service(args)
        return int(args.func(args, service))
    except UserError as exc:
        print(f"reverie: {exc}", file=sys.stderr)
        return 2
    except ReverieError as exc:
        print(f"reverie: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("reverie: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    finally:
        if service is not None:
            service.close()


if __name__ == "__main__":
    sys.exit(main())
