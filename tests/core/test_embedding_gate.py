"""The model gate lets a search's query in before the next batch of an index pass."""

from __future__ import annotations

import threading
import time

from reverie.core.embedding import ModelGate


def test_a_query_goes_before_the_next_batch() -> None:
    gate = ModelGate()
    stop = threading.Event()
    batches = 0

    def index_pass() -> None:  # back-to-back batches, as embed_pending runs them
        nonlocal batches
        while not stop.is_set():
            with gate.hold():
                time.sleep(0.02)
                batches += 1

    thread = threading.Thread(target=index_pass)
    thread.start()
    try:
        time.sleep(0.1)
        waits = []
        for _ in range(5):
            began = time.perf_counter()
            with gate.hold(query=True):
                waits.append(time.perf_counter() - began)
            time.sleep(0.03)
    finally:
        stop.set()
        thread.join()
    assert batches > 5
    assert max(waits) < 0.5  # about one batch (0.02 s); a plain lock starved it for seconds


def test_one_call_at_a_time() -> None:
    gate = ModelGate()
    inside = 0
    most = 0
    lock = threading.Lock()

    def call(query: bool) -> None:
        nonlocal inside, most
        for _ in range(20):
            with gate.hold(query):
                with lock:
                    inside += 1
                    most = max(most, inside)
                time.sleep(0.001)
                with lock:
                    inside -= 1

    threads = [threading.Thread(target=call, args=(i % 2 == 0,)) for i in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert most == 1
