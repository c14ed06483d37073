"""Integer dot products of the int8 codes with an int8 query, through torch's CPU kernel.

numpy has no fast int8 product: the code scan (``vector_codes.CodeCache.scores``) converts
the codes to float32 block by block and multiplies them with BLAS, and at 100,000 codes of
512 dimensions the conversion is most of its 15-20 ms. ``torch._int_mm`` (int8 x int8 ->
int32, vectorised and threaded) scans the same codes in 2.5-3 ms on the 2-core machine
(``bench/speed.py`` prints both). torch is already installed (sentence-transformers needs
it) but importing it takes 1.5 s and about 190 MB, which pays only on large indexes and in
a process that runs many searches: the MCP server (an agent's ``memory_search`` calls)
calls :func:`preload` on its start-up thread when the index holds at least ``MIN_ROWS``
codes, and the scan uses the kernel only once that import has finished. A one-shot CLI
search never imports torch for it, and neither does the app: loading torch's libraries
holds the interpreter lock, and on a worker thread that froze the window for 473 ms
(``bench/gui_stalls.py``, 100,000 chunks), where the numpy scan's 15-20 ms, off the UI
thread, go unnoticed. Without torch, or when the kernel fails on this machine, the numpy
scan is used; both give the same ranking up to the query's 8-bit rounding (checked in the
tests).

The kernel is fast only where the processor has int8 dot-product instructions (AVX-512
VNNI or AVX-VNNI): on a 2-core AMD EPYC with AVX2 alone it scanned 100,000 codes in 30 ms
where the numpy scan took 15. So :func:`preload` also times both on one block of codes
(:func:`race`) and keeps the kernel only when it is clearly faster there.
"""

from __future__ import annotations

import logging
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

import numpy as np

log = logging.getLogger(__name__)

MIN_ROWS = 20_000
"""Codes from which a host preloads the kernel (the numpy scan takes about 4 ms there)."""

RACE_ROWS = 4096
RACE_DIM = 512
"""The codes :func:`race` scans both ways (one block of the numpy scan, of the default
model's dimension)."""
FASTER_BY = 0.8
"""The kernel is kept when it takes at most this share of the numpy scan's time on that
block (at 100,000 codes the share held: 1.2 against 0.6 ms on the block, 30 against 15 ms
for the whole scan, on the AVX2 machine)."""


@dataclass(frozen=True)
class Race:
    """One block of ``RACE_ROWS`` codes scanned by each way, best of several, in ms."""

    kernel_ms: float
    numpy_ms: float

    @property
    def kernel_wins(self) -> bool:
        return self.kernel_ms <= FASTER_BY * self.numpy_ms


_lock = threading.Lock()
_int_mm: Any = None
_from_numpy: Any = None
_failed = False
_loaded: tuple[Any, Any] | None = None
"""torch's kernel once imported and checked, whether or not it won the race."""
last_race: Race | None = None
"""What :func:`preload` measured on this machine (None: not raced)."""
_helper: ThreadPoolExecutor | None = None


def ready() -> bool:
    """True once :func:`preload` has imported and checked the kernel, and chosen it."""
    return _int_mm is not None


def preload(race_numpy: bool = True) -> bool:
    """Import torch and check its int8 product on a small case (once; thread-safe); with
    ``race_numpy``, keep it only when it beats the numpy scan on this machine (:func:`race`,
    once). Returns whether the kernel is in use. Tests of the kernel itself pass False."""
    global _int_mm, _from_numpy, _failed, _loaded, last_race
    with _lock:
        if _int_mm is not None or _failed:
            return _int_mm is not None
        if _loaded is None:
            try:
                import torch

                int_mm, from_numpy = torch._int_mm, torch.from_numpy
                a = np.arange(-64, 64, dtype=np.int8).reshape(4, 32)
                b = np.ones((32, 1), dtype=np.int8)
                got = int_mm(from_numpy(a), from_numpy(b)).numpy()
                if not np.array_equal(got[:, 0], a.astype(np.int32).sum(axis=1)):
                    raise RuntimeError("wrong int8 products")
            except Exception as exc:  # no torch, or a build without the CPU kernel
                log.info("int8 code scan: torch kernel unavailable (%s); numpy scan", exc)
                _failed = True
                return False
            _loaded = (int_mm, from_numpy)
        if race_numpy:
            if last_race is None:
                last_race = race(*_loaded)
            if not last_race.kernel_wins:
                log.info(
                    "int8 code scan: torch kernel %.2f ms against numpy %.2f ms a block on"
                    " this machine; numpy scan",
                    last_race.kernel_ms,
                    last_race.numpy_ms,
                )
                return False
        _int_mm, _from_numpy = _loaded
        return True


def race(int_mm: Any, from_numpy: Any, rounds: int = 7) -> Race:
    """Time ``RACE_ROWS`` random codes times a query both ways: the kernel's int8 product,
    and the numpy scan's own (``vector_codes.block_products``) (best of ``rounds``)."""
    from .vector_codes import block_products  # (it imports this module)

    rng = np.random.default_rng(0)
    codes = rng.integers(-127, 128, size=(RACE_ROWS, RACE_DIM), dtype=np.int8)
    q_code = rng.integers(-127, 128, size=(RACE_DIM, 1), dtype=np.int8)
    query = q_code[:, 0].astype(np.float32)
    codes_t, q_t = from_numpy(codes), from_numpy(q_code)

    def best(work: Any) -> float:
        work()  # the first call pays for allocation and thread start-up
        times = []
        for _ in range(rounds):
            t0 = time.perf_counter()
            work()
            times.append((time.perf_counter() - t0) * 1000)
        return min(times)

    numpy_ms = best(lambda: block_products(codes, query))
    return Race(kernel_ms=best(lambda: int_mm(codes_t, q_t)), numpy_ms=numpy_ms)


def _one_thread() -> None:
    import torch

    torch.get_num_threads()  # torch's first use on this thread takes the shared count...
    torch.set_num_threads(1)  # ...so that it does not undo this one later


def helper_thread() -> ThreadPoolExecutor:
    """A thread of its own for scans run beside other work (made on first use; call once
    :func:`ready`). Its kernel calls use one thread, so the work beside keeps the other
    core: with two, on two cores, the reverie keyword stage beside the scan went from 9.0
    to 11.6 ms and the search gained 2.7 ms where one thread gained 4.4.

    torch keeps a thread count per calling thread, taken on first use from the last count
    set anywhere: it is set to 1 on the helper, then back on this thread, so threads that
    have not used torch yet keep the count they would have had (checked in the tests)."""
    global _helper
    with _lock:
        if _helper is None:
            import torch

            others = torch.get_num_threads()
            helper = ThreadPoolExecutor(
                max_workers=1, thread_name_prefix="reverie-scan", initializer=_one_thread
            )
            helper.submit(int).result()  # its initializer has run
            torch.set_num_threads(others)
            _helper = helper
        return _helper


def dots(codes: np.ndarray, query_code: np.ndarray) -> np.ndarray | None:
    """``codes @ query_code`` as int32 (codes: rows x dim int8, C-contiguous; query_code:
    dim int8); None when the kernel is not loaded or fails on these arrays."""
    if _int_mm is None:
        return None
    try:
        out = _int_mm(
            _from_numpy(np.ascontiguousarray(codes)),
            _from_numpy(np.ascontiguousarray(query_code.reshape(-1, 1))),
        )
        result: np.ndarray = out.numpy()[:, 0]
        return result
    except Exception as exc:  # an unexpected shape or build: the numpy scan serves
        log.warning("int8 code scan: torch kernel failed (%s); numpy scan", exc)
        return None
