"""The ``reverie`` command. With a subcommand it is the CLI; with none it opens the app."""

from __future__ import annotations

import argparse
import logging
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from .. import __version__
from ..core.errors import ReverieError, UserError, WorkspaceNotFound
from ..core.paths import FOLDER_NOT_FOUND, NOT_A_FOLDER
from ..core.phrase import said
from ..core.service import MemoryService
from .audit import add_audit_command
from .common import common_parser, describe_os_error, is_read_error, open_service
from .context import add_context_command
from .dream import add_dream_commands
from .layers import add_layers_command
from .mcp import add_mcp_command
from .memory import add_memory_commands
from .telos import add_telos_command


def build_parser() -> argparse.ArgumentParser:
    # the subcommands' copy of the common options has no defaults of its own, so an option
    # given before the subcommand ("reverie --workspace X status") is not overwritten
    common = common_parser(suppress_defaults=True)
    parser = argparse.ArgumentParser(
        prog="reverie",
        description="A workbench for the Markdown memory of AI agents. "
        "Without a command, opens the desktop app.",
        parents=[common_parser()],
    )
    parser.add_argument("--version", action="version", version=f"reverie {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    add_memory_commands(sub, common)
    p = sub.add_parser("gui", parents=[common], help="open the desktop app")
    p.set_defaults(func=cmd_gui)
    add_dream_commands(sub, common)
    add_mcp_command(sub, common)
    add_telos_command(sub, common)
    add_layers_command(sub, common)
    add_context_command(sub, common)
    add_audit_command(sub, common)
    return parser


def _folder_opens_the_app(parser: argparse.ArgumentParser, argv: Sequence[str]) -> list[str]:
    """``reverie ~/my-agent/workspace``: a folder alone opens the desktop app on it (a
    command of that name comes first)."""
    argv = list(argv)
    commands = {
        name
        for action in parser._actions
        if isinstance(action, argparse._SubParsersAction)
        for name in action.choices
    }
    if len(argv) != 1 or argv[0].startswith("-") or argv[0] in commands:
        return argv  # nothing (the app on the default workspace), options, a command
    # a path (a folder that is not there is said so, not taken for a mistyped command)
    path_like = "/" in argv[0] or argv[0].startswith(("~", "."))
    if path_like or Path(argv[0]).expanduser().exists():
        return ["gui", "--workspace", argv[0]]
    return argv


def _check_folder_argument(folder: str) -> None:
    """``reverie PATH`` names a workspace folder: a file or a missing folder is said so in
    the terminal it was typed in (``--workspace``'s words), before the app starts."""
    root = Path(folder).expanduser()
    shown = str(root) if folder.startswith("~") else folder  # as typed, ~ expanded
    if root.exists() and not root.is_dir():
        raise WorkspaceNotFound(said(NOT_A_FOLDER, path=shown))
    if not root.is_dir():
        raise WorkspaceNotFound(said(FOLDER_NOT_FOUND, path=shown))


def x_display_answers(display: str) -> bool:
    """Whether the local X display ``display`` (":99", "unix:0.0") takes a connection; a
    display on another host (or any other form) is taken to answer."""
    import re
    import socket

    found = re.fullmatch(r"(?:unix)?:(\d+)(?:\.\d+)?", display)
    if found is None:
        return True
    path = f"/tmp/.X11-unix/X{found.group(1)}"
    for address in ("\0" + path, path):  # the abstract socket first, as Xlib does
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
            sock.settimeout(1.0)
            try:
                sock.connect(address)
            except OSError:
                continue
            return True
    return False


def cmd_gui(args: argparse.Namespace, service: MemoryService | None = None) -> int:
    if sys.platform.startswith("linux") and not any(
        os.environ.get(name) for name in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")
    ):
        # Qt would abort the process with its own message
        raise UserError(
            "no display to open the desktop app on (DISPLAY is not set); the commands work "
            "without one (`reverie --help`), or set QT_QPA_PLATFORM=offscreen"
        )
    display = os.environ.get("DISPLAY", "")
    if (
        sys.platform.startswith("linux")
        and display
        and not os.environ.get("WAYLAND_DISPLAY")
        and not os.environ.get("QT_QPA_PLATFORM")
        and not x_display_answers(display)
    ):
        raise UserError(
            f"no X server answers on DISPLAY={display}; start one, or set QT_QPA_PLATFORM=offscreen"
        )
    try:
        from ..gui.app import run_app
    except ImportError as exc:
        raise UserError(f"the desktop app cannot start: {exc}") from exc
    return run_app(args)


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    given = list(sys.argv[1:] if argv is None else argv)
    routed = _folder_opens_the_app(parser, given)
    args = parser.parse_args(routed)
    logging.basicConfig(
        level=logging.INFO if args.verbose else logging.WARNING,
        format="%(levelname)s %(name)s: %(message)s",
    )
    if not getattr(args, "command", None) or args.command == "gui":
        try:
            if routed != given:  # ``reverie PATH``
                _check_folder_argument(given[0])
            elif getattr(args, "workspace", None):  # ``reverie --workspace PATH`` or ``gui``
                _check_folder_argument(str(args.workspace))
            return cmd_gui(args)
        except UserError as exc:
            print(f"reverie: {exc}", file=sys.stderr)
            return 2
    if args.command != "mcp" and hasattr(sys.stdout, "reconfigure"):
        # paths that are not UTF-8 are printed as the bytes they are, not as a traceback
        sys.stdout.reconfigure(errors="surrogateescape")
    service: MemoryService | None = None
    try:
        check = getattr(args, "check", None)
        if check is not None:  # options that contradict or cannot apply: before any work
            check(args)
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
    except OSError as exc:  # a file or folder that cannot be read or written
        print(f"reverie: {describe_os_error(exc)}", file=sys.stderr)
        # a file this user may not read is a problem of its environment, as UserError
        return 2 if is_read_error(exc) else 1
    finally:
        if service is not None:
            service.close()


if __name__ == "__main__":
    sys.exit(main())
