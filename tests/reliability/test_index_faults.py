"""A damaged index is rebuilt from the files, whether it was damaged while closed or while a
window had it open; a missing sqlite-vec or embedding model degrades search, never breaks it.
The Markdown files are never touched."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from reverie.cli import main
from reverie.core.index import db
from reverie.core.service import MemoryService

from .helpers import checksums

DAMAGES = ("deleted", "truncated-100", "truncated-half", "garbage")


def _damage(path: Path, how: str) -> None:
    if how == "deleted":
        for suffix in ("", "-wal", "-shm"):
            Path(str(path) + suffix).unlink(missing_ok=True)
    elif how == "truncated-100":
        os.truncate(path, 100)
    elif how == "truncated-half":
        os.truncate(path, path.stat().st_size // 2)
    else:
        size = path.stat().st_size
        path.write_bytes(bytes((i * 7919 + 13) % 251 for i in range(size)))


def _grow(workspace: Path) -> None:
    for i in range(40):
        (workspace / "memory" / f"2026-08-{i % 28 + 1:02d}-n{i}.md").write_text(
            f"# note {i}\n\n" + f"- entry {i} about the okapi{i} migration plan\n" * 30,
            encoding="utf-8",
        )


def _service(workspace: Path, data_dir: Path) -> MemoryService:
    service = MemoryService(workspace, data_dir, model_name="hash")
    service.load_model()
    return service


@pytest.mark.parametrize("while_open", [False, True], ids=["closed", "open"])
@pytest.mark.parametrize("how", DAMAGES)
def test_damaged_index_is_rebuilt_from_the_files(
    workspace: Path, data_dir: Path, how: str, while_open: bool
) -> None:
    _grow(workspace)
    before = checksums(workspace)
    first = _service(workspace, data_dir)
    first.index()
    assert first.search("okapi7").results
    first.writer().execute("PRAGMA wal_checkpoint(TRUNCATE)")  # every page in the main file
    if not while_open:
        first.close()
    _damage(first.db_path, how)

    second = _service(workspace, data_dir)
    progress: list[tuple[int, int, str]] = []
    second.sync(lambda done, total, label: progress.append((done, total, label)))
    second.embed_pending()
    assert (second.recovered_from is not None) == (how != "deleted")
    assert progress and progress[-1] == (44, 44, "index up to date")
    assert second.status().files == 44
    hits = second.search("okapi17 migration").results
    assert hits and hits[0].path.endswith("-n17.md")
    assert second.status().pending == 0

    if while_open:  # the window that had it open keeps working, on the rebuilt index
        first.sync()
        assert [h.path for h in first.search("okapi17 migration").results][:1] == [hits[0].path]
        first.close()
    second.close()
    assert checksums(workspace) == before, "the Markdown files are untouched"


def test_index_damaged_under_an_open_service_is_rebuilt_by_that_service(
    workspace: Path, data_dir: Path
) -> None:
    _grow(workspace)
    before = checksums(workspace)
    service = _service(workspace, data_dir)
    service.index()
    service.writer().execute("PRAGMA wal_checkpoint(TRUNCATE)")
    _damage(service.db_path, "truncated-half")
    (workspace / "memory" / "2026-09-30.md").write_text("- the tapir arrived\n", encoding="utf-8")
    service.sync()
    service.embed_pending()
    assert [h.path for h in service.search("tapir").results][:1] == ["memory/2026-09-30.md"]
    assert service.status().files == 45
    service.close()
    before["memory/2026-09-30.md"] = checksums(workspace)["memory/2026-09-30.md"]
    assert checksums(workspace) == before


def _no_vec(monkeypatch: pytest.MonkeyPatch) -> None:
    def missing(conn: object) -> None:
        raise OSError("vec0.so: cannot open shared object file")

    monkeypatch.setattr(db, "_load_vec", missing)


def test_missing_sqlite_vec_falls_back_to_numpy(
    workspace: Path, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _no_vec(monkeypatch)
    service = _service(workspace, data_dir)
    service.index()
    status = service.status()
    assert status.vec_extension is False and status.embedded == status.chunks > 0
    response = service.search("restore test minutes")
    assert response.mode == "hybrid"
    top = response.results[0]
    assert top.path == "memory/2026-10-01.md" and top.trace.vector_score is not None
    service.close()


def test_index_built_with_sqlite_vec_keeps_working_when_it_goes_missing_and_comes_back(
    workspace: Path, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    service = _service(workspace, data_dir)
    service.index()
    assert service.status().vec_extension is True
    service.close()

    with monkeypatch.context() as patch:
        _no_vec(patch)
        degraded = _service(workspace, data_dir)
        (workspace / "memory" / "2026-09-15.md").unlink()
        (workspace / "memory" / "2026-10-01.md").write_text(
            "# 2026-10-01\n\n- The capybara restore drill took 9 minutes.\n", encoding="utf-8"
        )
        degraded.index()  # deletes and re-embeds chunks without the vec0 module
        response = degraded.search("capybara restore drill")
        assert response.results[0].path == "memory/2026-10-01.md"
        assert response.results[0].trace.vector_score is not None
        assert degraded.status().files == 3
        degraded.close()

    restored = _service(workspace, data_dir)
    restored.index()
    status = restored.status()
    assert status.vec_extension is True and status.pending == 0 and status.files == 3
    rows = restored.reader().execute("SELECT count(*) FROM chunks_vec").fetchone()[0]
    assert rows == status.chunks, "the vector table matches the chunks again"
    assert restored.search("capybara restore drill").results[0].path == "memory/2026-10-01.md"
    restored.close()


def test_cli_status_and_search_without_sqlite_vec(
    workspace: Path,
    data_dir: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    _no_vec(monkeypatch)
    args = ["--workspace", str(workspace), "--data-dir", str(data_dir), "--model", "hash"]
    assert main(["search", "restore test", *args]) == 0
    out = capsys.readouterr().out
    assert "memory/2026-10-01.md" in out and "hybrid" in out
    assert main(["status", *args]) == 0
    assert "sqlite-vec  unavailable (numpy fallback)" in capsys.readouterr().out


def test_unloadable_model_falls_back_to_keywords_with_a_notice(
    workspace: Path, data_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = str(tmp_path / "no-such-model")
    service = MemoryService(workspace, data_dir, model_name=missing)
    service.index()
    response = service.search("restore test")
    assert response.mode == "keyword-only"
    assert response.results[0].path == "memory/2026-10-01.md"
    assert any(
        "Embedding model unavailable" in n and "no-such-model" in n for n in response.notices
    )
    assert service.status().model_state == "unavailable"
    service.close()

    args = ["--workspace", str(workspace), "--data-dir", str(data_dir), "--model", missing]
    assert main(["search", "restore test", *args]) == 0
    out, err = capsys.readouterr()
    assert "note: Embedding model unavailable" in out and "keyword-only" in out
    assert "memory/2026-10-01.md" in out
    assert "keyword-only search" in err
