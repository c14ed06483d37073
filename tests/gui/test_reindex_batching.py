"""Change reports that arrive while a re-index pass runs join one waiting pass."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from reverie.core.reindex_batch import ReindexBatch
from reverie.gui.controller import Controller
from reverie.gui.tasks import Worker

from .conftest import wait_idle


def test_batch_joins_until_started() -> None:
    batch = ReindexBatch(["b.md"])
    assert batch.join(["a.md", "b.md"]) and batch.joined == 1
    assert batch.start() == ["a.md", "b.md"]
    assert not batch.join(["c.md"])  # started: a new pass is needed
    full = ReindexBatch(["a.md"])
    assert full.join(None) and full.join(["b.md"])
    assert full.start() is None  # a full sync covers everything


def test_cancel_drops_the_waiting_pass(qtbot: Any, controller: Controller) -> None:
    controller.reindex(["MEMORY.md"])
    controller.cancel_tasks()
    wait_idle(qtbot, controller)
    assert controller._waiting_batch is None
    with qtbot.waitSignal(controller.sig_status, timeout=10000):
        controller.reindex(["MEMORY.md"])  # a new pass runs (it did not join a dead one)
    wait_idle(qtbot, controller)


def test_reports_while_a_pass_runs_become_one_more_pass(
    qtbot: Any, controller: Controller, workspace: Path
) -> None:
    assert controller.watcher is not None
    controller.watcher.stop()  # this test plays the watcher's part
    notes = [f"memory/2026-12-{day:02d}.md" for day in range(1, 21)]
    for rel in notes:
        (workspace / rel).write_text(f"# {rel}\n\n- batch token {rel[-8:-3]}\n", "utf-8")
    # a long pass holds the (one-thread) index pool...
    release = threading.Event()
    blocker = Worker(lambda: release.wait(10))
    controller._index_tasks.start(blocker)
    passes: list[tuple[str, ...]] = []
    controller.sig_index_changed.connect(lambda changed: passes.append(tuple(changed)))
    # ...while the watcher reports 20 changes one by one
    for rel in notes:
        controller.reindex([rel], "re-indexing")
    release.set()
    wait_idle(qtbot, controller)
    qtbot.wait(50)
    assert len(passes) == 1  # one more pass, not twenty
    assert sorted(passes[0]) == notes  # and it took every reported path
    hits = controller.search_now("batch token", controller.saved_search_settings()).results
    assert hits and {hit.path for hit in hits} <= set(notes)


def test_files_show_before_a_long_embedding_ends(
    qtbot: Any, controller: Controller, workspace: Path, monkeypatch: Any
) -> None:
    """A large new file's chunks take minutes to embed: the tree and the counts do not wait
    for them."""
    import threading

    from reverie.gui import controller as controller_module

    monkeypatch.setattr(controller_module, "EMBED_SHOWN_FIRST", 0)
    service = controller.service
    assert service is not None
    release = threading.Event()
    embed = service.embed_pending

    def slow_embed(*args: Any, **kwargs: Any) -> Any:
        release.wait(20)
        return embed(*args, **kwargs)

    monkeypatch.setattr(service, "embed_pending", slow_embed)
    shown: list[set[str]] = []
    controller.sig_files.connect(lambda pair: shown.append({f.rel_path for f in pair[0]}))
    (workspace / "memory" / "2026-07-01.md").write_text("# 2026-07-01\n\n- FRESHNOTE\n", "utf-8")
    controller.reindex(["memory/2026-07-01.md"])
    try:
        qtbot.waitUntil(lambda: any("memory/2026-07-01.md" in s for s in shown), timeout=10000)
        assert controller.busy  # still embedding
    finally:
        release.set()
    qtbot.waitUntil(lambda: not controller.busy, timeout=20000)
