"""The workspace tree on big listings: rows and parents, the filter, expansion kept across
listings, answers built on a worker, and a listing at open that does not block."""

from __future__ import annotations

import datetime as dt
import gc
import threading
from collections import Counter
from pathlib import Path

from PySide6.QtCore import QModelIndex, Qt

from reverie.core.service import MemoryService
from reverie.core.watch import DebouncedWatcher
from reverie.core.workspace import FileKind, MemoryFile
from reverie.gui import controller as controller_module
from reverie.gui.controller import Controller
from reverie.gui.models.workspace_tree_model import (
    FILE_ROLE,
    KEY_ROLE,
    WorkspaceTreeModel,
    build_tree,
    filter_tree,
)
from reverie.gui.tasks import GuiThreadCollector
from reverie.gui.widgets import workspace_tree as tree_module
from reverie.gui.widgets.workspace_tree import ASYNC_FILES, WorkspaceTree

from .conftest import wait_idle

START = dt.date(2024, 1, 1)


def _mf(
    rel: str, kind: FileKind, day: dt.date | None = None, agent: str | None = None, size: int = 10
) -> MemoryFile:
    source = "sessions" if kind is FileKind.SESSION else "memory"
    return MemoryFile(rel, Path("/x") / rel, kind, source, day, agent, size, 0.0)


def _listing(days: int = 400, per_day: int = 12, size: int = 10) -> list[MemoryFile]:
    """``days * per_day`` daily notes (several a day, like a busy agent's) and a few of
    every other kind, in no particular order."""
    files = [_mf("MEMORY.md", FileKind.LONG_TERM, size=size)]
    for d in range(days):
        day = START + dt.timedelta(days=d)
        for n in range(per_day):
            name = f"memory/{day.isoformat()}.md" if n == 0 else f"memory/{day}-topic{n}.md"
            files.append(_mf(name, FileKind.DAILY, day, size=size))
    files += [_mf(f"memory/people/p{n}.md", FileKind.MEMORY_OTHER, size=size) for n in range(30)]
    files += [
        _mf(f"sessions/s{n}.jsonl", FileKind.SESSION, agent=("main", "ops")[n % 2], size=size)
        for n in range(40)
    ]
    files.append(_mf("DREAMS.md", FileKind.DREAMING, size=size))
    return sorted(files, key=lambda f: hash(f.rel_path))


def _walk(model: WorkspaceTreeModel, parent: QModelIndex | None = None) -> list[QModelIndex]:
    parent = parent or QModelIndex()
    out: list[QModelIndex] = []
    for row in range(model.rowCount(parent)):
        idx = model.index(row, 0, parent)
        out.append(idx)
        out.extend(_walk(model, idx))
    return out


def test_big_listing_rows_parents_counts_and_paths() -> None:
    files = _listing()
    model = WorkspaceTreeModel()
    model.set_files(files)
    assert model.tree.files == len(files)
    every = _walk(model)
    assert len(every) == len(model.tree)
    for idx in every:  # each row knows its place: its parent gives it back at its row
        parent = model.parent(idx)
        assert model.index(idx.row(), 0, parent) == idx
        assert model.index(idx.row(), 1, parent).siblingAtColumn(0) == idx
    daily = model.index(1, 0)
    months = [model.index(r, 0, daily) for r in range(model.rowCount(daily))]
    expected = Counter(f.date.strftime("%Y-%m") for f in files if f.kind is FileKind.DAILY)
    assert [m.data(KEY_ROLE) for m in months] == [f"g:daily:{k}" for k in sorted(expected)[::-1]]
    for month in months:
        key = month.data(KEY_ROLE).removeprefix("g:daily:")
        assert model.rowCount(month) == expected[key]
        assert month.data().endswith(f"({expected[key]})")
        notes = [model.index(r, 0, month).data(FILE_ROLE) for r in range(model.rowCount(month))]
        assert notes == sorted(notes, key=lambda f: (f.date, f.rel_path), reverse=True)
    assert daily.data() == f"Daily notes ({sum(expected.values())})"
    assert model.index(0, 1).data() == "10 B"
    assert model.index(1, 1).data() == f"{sum(expected.values()) * 10 / 1024:.1f} KB"
    sessions = model.index(3, 0)
    assert [model.index(r, 0, sessions).data() for r in range(2)] == [
        "agent main (20)",
        "agent ops (20)",
    ]
    for mf in files:
        idx = model.index_for_path(mf.rel_path)
        assert idx.data(FILE_ROLE) == mf
        assert not model.hasChildren(idx)
        assert model.flags(idx) & Qt.ItemFlag.ItemNeverHasChildren
    assert not model.index_for_path("memory/missing.md").isValid()


def test_filter_keeps_matches_and_their_groups(qtmodeltester) -> None:  # type: ignore[no-untyped-def]
    files = _listing(days=70, per_day=3)
    model = WorkspaceTreeModel()
    model.set_files(files)
    qtmodeltester.check(model)
    model.set_filter("TOPIC2")  # any case
    qtmodeltester.check(model)
    shown = [idx.data(FILE_ROLE) for idx in _walk(model) if idx.data(FILE_ROLE) is not None]
    assert shown and all("topic2" in f.rel_path for f in shown)
    assert len(shown) == sum(1 for f in files if "topic2" in f.rel_path)
    assert [model.index(r, 0).data(KEY_ROLE) for r in range(model.rowCount())] == ["g:daily"]
    assert model.index(0, 0).data() == f"Daily notes ({len(shown)})"
    assert not model.index_for_path("MEMORY.md").isValid()
    model.set_filter("session")  # a group's own name keeps the group
    assert [model.index(r, 0).data() for r in range(model.rowCount())] == [
        "Session transcripts (0)"
    ]
    model.set_filter("")
    assert model.tree is model.full and model.rowCount() == 5
    assert model.index_for_path("MEMORY.md").isValid()
    assert filter_tree(model.full, "no such name").files == 0


def test_same_rows_update_in_place_and_new_rows_reset(qtbot) -> None:  # type: ignore[no-untyped-def]
    files = _listing(days=40, per_day=2)
    model = WorkspaceTreeModel()
    model.set_files(files)
    replaced: list[int] = []
    changed: list[QModelIndex] = []
    model.rowsRemoved.connect(lambda parent, first, last: replaced.append(last - first + 1))
    model.dataChanged.connect(lambda top, _bottom, _roles: changed.append(top))
    bigger = [_mf(f.rel_path, f.kind, f.date, f.agent_id, size=2048) for f in files]
    full = build_tree(bigger)
    assert not model.set_trees(full, full)  # same rows: sizes change, no reset
    assert not replaced and changed
    assert model.index(0, 1).data() == "2.0 KB"
    assert model.index_for_path("MEMORY.md").data(FILE_ROLE).size == 2048
    more = [*bigger, _mf("memory/notes.md", FileKind.MEMORY_OTHER)]
    full = build_tree(more)
    assert model.set_trees(full, full)
    assert replaced == [1] * 5  # the five groups, with new items
    assert model.index_for_path("memory/notes.md").isValid()


def _keys_expanded(tree: WorkspaceTree) -> set[str]:
    return {idx.data(KEY_ROLE) for idx in tree.model.group_indexes() if tree.view.isExpanded(idx)}


def test_big_listing_is_built_off_the_ui_thread_and_keeps_expansion(qtbot) -> None:  # type: ignore[no-untyped-def]
    files = _listing()
    assert len(files) >= ASYNC_FILES
    tree = WorkspaceTree()
    qtbot.addWidget(tree)
    tree.show()
    built: list[str] = []
    real = tree_module.build_tree

    def spy(listing, rules=None):  # type: ignore[no-untyped-def]
        built.append(threading.current_thread().name)
        return real(listing, rules)

    tree_module.build_tree = spy  # type: ignore[assignment]
    try:
        tree.set_files(files)
        assert tree.busy and tree.model.tree.files == 0  # not built here
        qtbot.waitUntil(lambda: not tree.busy, timeout=10000)
    finally:
        tree_module.build_tree = real  # type: ignore[assignment]
    assert built and built[0] != threading.main_thread().name
    assert tree.model.tree.files == len(files)
    newest = "g:daily:2025-02"  # the first listing opens the groups and the newest month
    assert _keys_expanded(tree) == {
        "g:long",
        "g:daily",
        "g:other",
        "g:sessions",
        "g:dreaming",
        newest,
    }
    daily = tree.model.index(1, 0)
    tree.view.expand(tree.model.index(3, 0, daily))
    tree.view.collapse(tree.model.index(2, 0))
    kept = _keys_expanded(tree)
    assert "g:daily:2024-11" in kept and "g:other" not in kept
    # a new file: new rows, a reset, the same rows open
    tree.set_files([*files, _mf("memory/2025-03-01.md", FileKind.DAILY, dt.date(2025, 3, 1))])
    qtbot.waitUntil(lambda: not tree.busy, timeout=10000)
    assert tree.model.index_for_path("memory/2025-03-01.md").isValid()
    assert _keys_expanded(tree) == kept
    # the filter waits for a pause in typing, opens the groups, and gives back the rows
    tree.filter_edit.setText("2024-11-0")
    assert tree.busy
    qtbot.waitUntil(lambda: not tree.busy, timeout=10000)
    assert tree.model.filter_text == "2024-11-0"
    assert tree.model.tree.files == 9 * 12
    assert _keys_expanded(tree) == {"g:daily", "g:daily:2024-11"}
    tree.view.collapse(tree.model.index(0, 0))  # while filtered: not remembered
    tree.filter_edit.clear()
    qtbot.waitUntil(lambda: not tree.busy, timeout=10000)
    assert tree.model.filter_text == ""
    assert _keys_expanded(tree) == kept


def test_filter_matching_everything_opens_only_what_fits(qtbot) -> None:  # type: ignore[no-untyped-def]
    tree = WorkspaceTree()
    qtbot.addWidget(tree)
    tree.set_files(_listing())
    tree.filter_edit.setText("-")  # every daily note has a dash in its date
    qtbot.waitUntil(lambda: not tree.busy and tree.model.filter_text == "-", timeout=10000)
    opened = _keys_expanded(tree)
    visible = tree.model.rowCount() + sum(
        tree.model.rowCount(idx)
        for idx in tree.model.group_indexes()
        if idx.data(KEY_ROLE) in opened
    )
    assert "g:daily" in opened
    assert visible <= tree_module.FILTER_EXPAND_ROWS
    assert len(opened) > 1  # months open too, as long as they fit


def test_newest_listing_wins_and_select_path(qtbot) -> None:  # type: ignore[no-untyped-def]
    tree = WorkspaceTree()
    qtbot.addWidget(tree)
    tree.show()
    first = _listing(days=300)
    second = _listing(days=301)
    tree.set_files(first)
    tree.set_files(second)
    shown: list[int] = []
    tree.sig_shown.connect(lambda: shown.append(tree.model.tree.files))
    qtbot.waitUntil(lambda: not tree.busy, timeout=10000)
    qtbot.wait(50)
    assert shown == [len(second)]  # the older answer is dropped
    rel = "memory/2024-02-03-topic5.md"
    tree.select_path(rel)
    current = tree.view.currentIndex()
    assert current.data(FILE_ROLE).rel_path == rel
    assert tree.view.isExpanded(current.parent())
    opened: list[object] = []
    tree.sig_open.connect(opened.append)
    tree.view.activated.emit(current)
    assert opened == [current.data(FILE_ROLE)]


def test_small_listing_and_filter_apply_at_once(qtbot) -> None:  # type: ignore[no-untyped-def]
    tree = WorkspaceTree()
    qtbot.addWidget(tree)
    tree.set_files(_listing(days=5, per_day=2))
    assert not tree.busy and tree.model.tree.files > 0
    tree.filter_edit.setText("people/p1")
    assert tree.model.filter_text == "people/p1"
    files = [idx.data(FILE_ROLE) for idx in _walk(tree.model) if idx.data(FILE_ROLE)]
    assert {f.rel_path for f in files} == {"memory/people/p1.md"} | {
        f"memory/people/p{n}.md" for n in range(10, 20)
    }


def test_listing_at_open_runs_on_a_worker(
    qtbot, workspace: Path, data_dir: Path, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    release = threading.Event()
    threads: list[str] = []
    real = controller_module.workspace_listing

    def slow_listing(service):  # type: ignore[no-untyped-def]
        threads.append(threading.current_thread().name)
        release.wait(10)
        return real(service)

    monkeypatch.setattr(controller_module, "workspace_listing", slow_listing)
    ctl = Controller(data_dir=data_dir, model_name="hash")
    listings: list[list[MemoryFile]] = []
    ctl.sig_files.connect(lambda listing: listings.append(listing[0]))
    try:
        ctl.open_workspace(workspace)  # returns while the listing waits
        assert not release.is_set() and not listings
        assert ctl.busy
        with qtbot.waitSignal(ctl.sig_files, timeout=10000):
            release.set()
        wait_idle(qtbot, ctl)
        assert threading.main_thread().name not in threads
        assert {f.rel_path for f in listings[0]} >= {"MEMORY.md"}
    finally:
        release.set()
        ctl.shutdown()


def test_watcher_starts_off_the_ui_thread_before_the_first_pass(
    qtbot, workspace: Path, data_dir: Path, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    release = threading.Event()
    order: list[str] = []
    real_start = DebouncedWatcher.start
    real_sync = MemoryService.sync

    def slow_start(self: DebouncedWatcher) -> None:
        release.wait(10)
        order.append("watching")
        real_start(self)

    def sync(self: MemoryService, *args, **kwargs):  # type: ignore[no-untyped-def]
        order.append("sync")
        return real_sync(self, *args, **kwargs)

    monkeypatch.setattr(DebouncedWatcher, "start", slow_start)
    monkeypatch.setattr(MemoryService, "sync", sync)
    ctl = Controller(data_dir=data_dir, model_name="hash")
    try:
        ctl.open_workspace(workspace)  # returns while the watcher starts
        assert order == []
        qtbot.wait(300)
        assert order == []  # the start-up pass waits for the watch
        release.set()
        wait_idle(qtbot, ctl)
        assert order[:2] == ["watching", "sync"]
        assert ctl.watcher is not None and ctl.watcher.running
    finally:
        release.set()
        ctl.shutdown()


def test_collector_waits_while_a_workspace_opens(qtbot, workspace: Path, data_dir: Path) -> None:  # type: ignore[no-untyped-def]
    collector = GuiThreadCollector.installed()  # (installed for every GUI test, as in the app)
    assert collector is not None and not collector.paused
    assert not gc.isenabled()  # collections run on the GUI thread only
    ctl = Controller(data_dir=data_dir, model_name="hash")
    try:
        ctl.open_workspace(workspace)
        assert collector.paused  # no full collection over a growing heap meanwhile
        wait_idle(qtbot, ctl)
        assert not collector.paused  # back once the start-up pass is done
        ctl.open_workspace(workspace)
        ctl.close_workspace()
        assert not collector.paused
    finally:
        ctl.shutdown()
    assert not collector.paused and not gc.isenabled()
