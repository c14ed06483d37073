"""A separate process for the reliability tests: it writes memory files, or holds the
ledger lock, or appends to a note, and can be killed at a chosen point of an atomic write.

Run as ``python child.py`` with a JSON object on stdin. It names an ``op`` and its arguments; with a
``crash`` point the process sends itself SIGKILL there (no ``finally`` blocks, no atexit:
exactly what a power cut of the process looks like to the file system).

Crash points, counted on atomic writes whose target file is named ``target``
(the ``nth`` such write, 1-based):

* ``mid-write``: half of the new bytes are in the temp file;
* ``before-fsync``: the temp file is complete but not synced;
* ``before-rename``: the temp file is synced, the target not yet replaced;
* ``before-dir-fsync``: the target is replaced, the folder not yet synced;
* ``after-write``: the atomic write returned; the caller's next step has not run.
"""

from __future__ import annotations

import hashlib
import json
import os
import signal
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from reverie.core import atomic, workspace
from reverie.core.dreaming import ledger


def die() -> None:
    sys.stdout.flush()
    os.kill(os.getpid(), signal.SIGKILL)


class Fault:
    """Wraps the atomic writer and the os calls it makes, to die at one point."""

    def __init__(self, target: str, point: str, nth: int) -> None:
        self.target = target
        self.point = point
        self.nth = nth
        self.seen = 0
        self.armed = False
        self.fsyncs = 0

    def install(self) -> None:
        real_write = atomic.atomic_write_bytes
        real_fsync = os.fsync
        real_replace = os.replace
        real_fdopen = os.fdopen

        def write(
            path: Path, data: bytes, before_replace: Callable[[], None] | None = None
        ) -> None:
            if Path(path).name == self.target:
                self.seen += 1
                self.armed = self.seen == self.nth
                self.fsyncs = 0
            try:
                real_write(path, data, before_replace)
            finally:
                armed, self.armed = self.armed, False
            if armed and self.point == "after-write":
                die()

        def fsync(fd: int) -> None:
            if self.armed:
                self.fsyncs += 1
                if self.point == "before-fsync" and self.fsyncs == 1:
                    die()
                if self.point == "before-dir-fsync" and self.fsyncs == 2:
                    die()
            real_fsync(fd)

        def replace(src: Any, dst: Any) -> None:
            if self.armed and self.point == "before-rename":
                die()
            real_replace(src, dst)

        class HalfWriter:
            def __init__(self, fd: int) -> None:
                self.fd = fd

            def __enter__(self) -> HalfWriter:
                return self

            def __exit__(self, *exc: object) -> None:
                os.close(self.fd)

            def write(self, data: bytes) -> int:
                os.write(self.fd, data[: max(1, len(data) // 2)])
                die()
                return 0  # pragma: no cover - unreachable

        def fdopen(fd: int, *args: Any, **kwargs: Any) -> Any:
            if self.armed and self.point == "mid-write":
                return HalfWriter(fd)
            return real_fdopen(fd, *args, **kwargs)

        atomic.atomic_write_bytes = write  # type: ignore[assignment]
        workspace.atomic_write_bytes = write  # type: ignore[assignment]
        os.fsync = fsync
        os.replace = replace  # type: ignore[assignment]
        os.fdopen = fdopen  # type: ignore[assignment]


def op_write_note(cfg: dict[str, Any]) -> None:
    ws = workspace.Workspace(Path(cfg["root"]))
    ws.write_text(cfg["rel"], cfg["text"], cfg.get("expected_hash"))


def op_record(cfg: dict[str, Any]) -> None:
    ledger.record_recalls(
        Path(cfg["root"]), cfg["query"], cfg["hits"], now=cfg["now"], timezone="UTC"
    )


def op_promote(cfg: dict[str, Any]) -> None:
    from reverie.core.dreaming.engine import DreamEngine

    DreamEngine(Path(cfg["root"]), now=cfg["now"], timezone="UTC").apply(cfg["keys"])


def op_write_loop(cfg: dict[str, Any]) -> None:
    """Save version after version of one note, telling the parent after each."""
    ws = workspace.Workspace(Path(cfg["root"]))
    for i, text in enumerate(cfg["versions"]):
        ws.write_text(cfg["rel"], text)
        print(f"saved {i}", flush=True)


def op_record_loop(cfg: dict[str, Any]) -> None:
    """Record recall after recall in the ledger, telling the parent after each."""
    for i in range(cfg["count"]):
        ledger.record_recalls(
            Path(cfg["root"]), f"{cfg['query']} {i}", cfg["hits"], now=cfg["now"], timezone="UTC"
        )
        print(f"recorded {i}", flush=True)


def op_append(cfg: dict[str, Any]) -> None:
    """Append ``count`` lines to a note every ``interval`` seconds, as an agent does."""
    path = Path(cfg["root"]) / cfg["rel"]
    print("started", flush=True)
    for i in range(cfg["count"]):
        with open(path, "a", encoding="utf-8") as handle:
            handle.write(cfg["line"].format(i=i) + "\n")
        time.sleep(cfg["interval"])
    print("done", flush=True)


def _digests(root: Path, names: list[str]) -> dict[str, str | None]:
    out: dict[str, str | None] = {}
    for name in names:
        try:
            out[name] = hashlib.sha256((root / name).read_bytes()).hexdigest()
        except FileNotFoundError:
            out[name] = None
    return out


def op_hold_lock(cfg: dict[str, Any]) -> None:
    """Hold OpenClaw's promotion lock (its protocol: exclusive create, ``pid:ms``), report the
    watched files' digests when taking and when releasing it, then release it."""
    root = Path(cfg["root"])
    lock = root / ledger.LOCK_RELATIVE_PATH
    lock.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
    os.write(fd, f"{os.getpid()}:{int(time.time() * 1000)}\n".encode())
    os.close(fd)
    watched = cfg["watched"]
    print(json.dumps({"locked": _digests(root, watched)}), flush=True)
    deadline = time.monotonic() + cfg["hold"]
    release = Path(cfg["release_file"]) if cfg.get("release_file") else None
    while time.monotonic() < deadline and not (release and release.exists()):
        time.sleep(0.02)
    print(json.dumps({"releasing": _digests(root, watched)}), flush=True)
    lock.unlink()


OPS: dict[str, Callable[[dict[str, Any]], None]] = {
    "write_note": op_write_note,
    "record": op_record,
    "promote": op_promote,
    "write_loop": op_write_loop,
    "record_loop": op_record_loop,
    "append": op_append,
    "hold_lock": op_hold_lock,
}


def main() -> None:
    cfg = json.loads(sys.stdin.read())
    print(f"pid {os.getpid()}", flush=True)
    if cfg.get("crash"):
        Fault(cfg["target"], cfg["crash"], int(cfg.get("nth", 1))).install()
    OPS[cfg["op"]](cfg)
    print("finished", flush=True)


if __name__ == "__main__":
    main()
