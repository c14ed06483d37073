"""Text analysis from several threads at once (indexer, search, Purpose page) stems right."""

from __future__ import annotations

import threading

from reverie.core.text.analysis import analyze


def test_analyze_is_safe_on_concurrent_threads() -> None:
    words = [f"walkings{i} runnings{i}x" for i in range(60_000)]
    expected = {w: analyze(w) for w in words[:200]}
    errors: list[BaseException] = []
    results: dict[str, list[str]] = {}

    def work(offset: int) -> None:
        try:
            for text in words[offset::4]:
                terms = analyze(text)
                if text in expected:
                    results[text] = terms
        except BaseException as exc:  # a shared stemmer fails with IndexError here
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert all(results[t] == expected[t] for t in results)
