"""The Chinese translation: installing, switching back, the system locale, catalog health."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, Qt
from PySide6.QtWidgets import QPlainTextEdit

from reverie.gui import i18n
from reverie.gui.controller import Controller
from reverie.gui.dashboard.candidates_model import filter_label
from reverie.gui.dashboard.phase_panel import PhasePanel
from reverie.gui.models.search_results_model import COL_SCORE
from reverie.gui.models.workspace_tree_model import WorkspaceTreeModel
from reverie.gui.widgets.find_bar import FindBar
from reverie.gui.widgets.search_pane import SearchPane

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "update_translations.py"


@pytest.fixture(autouse=True)
def english_afterwards(qapp) -> Iterator[None]:  # type: ignore[no-untyped-def]
    """Every other test expects the English source text: remove what a test installed."""
    default = QLocale()
    yield
    i18n.remove_translators(qapp)
    QLocale.setDefault(default)


@pytest.fixture(scope="module")
def script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("update_translations", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_nothing_is_installed_by_default() -> None:
    assert i18n.current_language() == "en"
    assert QCoreApplication.translate("SearchPane", "Tune") == "Tune"


def test_chinese_search_pane_and_models(qapp, qtbot, controller: Controller) -> None:  # type: ignore[no-untyped-def]
    assert i18n.install_translator(qapp, "zh_CN") == "zh_CN"
    assert i18n.current_language() == "zh_CN"
    pane = SearchPane(controller)
    qtbot.addWidget(pane)
    assert pane.query_edit.placeholderText() == "搜索记忆（边输入边搜索）…"
    assert pane.dropped_box.text() == "被剔除的候选"
    assert pane.tune_btn.text() == "调参"
    assert pane.profile_combo.itemText(0) == "已保存的设置"
    assert pane.tuning.reset_btn.text() == "恢复为已保存"
    assert pane.model.headerData(COL_SCORE, Qt.Orientation.Horizontal) == "分数"
    tree = WorkspaceTreeModel()
    groups = [tree.index(row, 0).data() for row in range(tree.rowCount())]
    assert groups[0].startswith("长期记忆") and groups[-1].startswith("梦境")
    assert tree.headerData(0, Qt.Orientation.Horizontal) == "名称"
    # translated labels, untranslated values: filters and phases still work by their names
    assert filter_label("Passing") == "通过" and filter_label("rejected") == "已拒绝"
    panel = PhasePanel()
    qtbot.addWidget(panel)
    assert panel.preview_button.text() == "预览"
    assert panel.phase.itemText(0) == "浅睡" and panel.current_phase() == "light"


def test_english_and_switching_back(qapp, qtbot) -> None:  # type: ignore[no-untyped-def]
    assert i18n.install_translator(qapp, "en") == "en"
    bar = FindBar(QPlainTextEdit())
    qtbot.addWidget(bar)
    assert bar.find_edit.placeholderText() == "Find"

    i18n.install_translator(qapp, "zh_CN")
    i18n.install_translator(qapp, "zh_CN")  # a second call replaces, never stacks
    assert len(i18n._installed) <= 2  # ours and, when Qt ships it, qtbase
    chinese = FindBar(QPlainTextEdit())
    qtbot.addWidget(chinese)
    assert chinese.find_edit.placeholderText() == "查找"

    assert i18n.install_translator(qapp, "en") == "en"
    assert i18n._installed == []
    english = FindBar(QPlainTextEdit())
    qtbot.addWidget(english)
    assert english.find_edit.placeholderText() == "Find"
    assert QCoreApplication.translate("FindBar", "Replace all") == "Replace all"


def test_system_language_follows_the_locale(qapp) -> None:  # type: ignore[no-untyped-def]
    QLocale.setDefault(QLocale(QLocale.Language.Chinese, QLocale.Country.China))
    assert i18n.system_language() == "zh_CN"
    assert i18n.install_translator(qapp, "system") == "zh_CN"
    assert QCoreApplication.translate("FindBar", "Find") == "查找"
    QLocale.setDefault(QLocale(QLocale.Language.Chinese, QLocale.Country.Taiwan))
    assert i18n.system_language() == "zh_CN"  # the only Chinese we ship
    QLocale.setDefault(QLocale(QLocale.Language.French, QLocale.Country.France))
    assert i18n.install_translator(qapp, "system") == "en"
    assert QCoreApplication.translate("FindBar", "Find") == "Find"


def test_setting_values() -> None:
    assert i18n.resolve_language("zh_CN") == "zh_CN"
    assert i18n.resolve_language("zh-Hans-CN") == "zh_CN"
    assert i18n.resolve_language("en") == "en"
    assert i18n.resolve_language("klingon") == "en"
    codes = [code for code, _name in i18n.available_languages()]
    assert codes == ["system", "en", "zh_CN"]
    assert dict(i18n.available_languages())["zh_CN"] == "简体中文"


def test_qt_standard_texts_are_translated_too(qapp) -> None:  # type: ignore[no-untyped-def]
    qt_dir = Path(QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath))
    if not (qt_dir / "qtbase_zh_CN.qm").exists():
        pytest.skip("this Qt ships no qtbase_zh_CN.qm")
    i18n.install_translator(qapp, "zh_CN")
    assert QCoreApplication.translate("QPlatformTheme", "Cancel") == "取消"


def test_every_message_is_translated(script: ModuleType) -> None:
    report = script.check_language("zh_CN")
    assert report.problems == []
    assert report.missing == [], "run scripts/update_translations.py"
    assert report.unfinished == [], "translate the unfinished messages"
    assert report.bad == []
    assert report.qm_wrong == [], "run scripts/update_translations.py to rebuild the .qm"
    assert report.messages > 300 and report.translated == report.messages
    assert script.main(["--check"]) == 0


def test_check_finds_gaps(script: ModuleType, tmp_path: Path) -> None:
    source = tmp_path / "widget.py"
    source.write_text(
        "from PySide6.QtCore import QCoreApplication\n"
        "from PySide6.QtWidgets import QWidget\n\n\n"
        "class Widget(QWidget):\n"
        "    def __init__(self, n):\n"
        "        super().__init__()\n"
        "        self.a = self.tr('Indexed {n} files').format(n=n)\n"
        "        self.b = self.tr(f'Indexed {n} files')\n"
        "        self.c = QCoreApplication.translate('Other', '&Save', 'menu')\n"
        "        self.d = _tr('Hidden from lupdate')\n",
        encoding="utf-8",
    )
    keys, problems = script.extract([source])
    assert keys == {
        script.Key("Widget", "Indexed {n} files"),
        script.Key("Other", "&Save", "menu"),
    }
    assert len(problems) == 2 and "plain literal" in problems[0]
    assert "_tr(), which lupdate does not read" in problems[1]
    assert script.translation_problems(script.Key("W", "Indexed {n} files"), "已索引文件") == [
        "placeholders differ"
    ]
    assert script.translation_problems(script.Key("W", "&Save"), "保存") == ["accelerator (&) lost"]
    assert script.translation_problems(script.Key("W", "&Save"), "保存(&S)") == []


def test_finding_reasons_in_chinese(qapp, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """The review's reasons are composed in the core; the interface says each part in its
    own language, the person's quoted words as they are."""
    import importlib
    import pkgutil
    from datetime import date

    import reverie.core

    for module in pkgutil.walk_packages(reverie.core.__path__, "reverie.core."):
        importlib.import_module(module.name)  # every core module declares its templates
    from reverie.core.health.findings import review_workspace
    from reverie.core.phrase import TEMPLATES
    from reverie.core.workspace import Workspace
    from reverie.gui.health.reason_text import reason_text
    from reverie.gui.phrases import MESSAGES, phrase_text

    declared = {t for t in TEMPLATES if t and not t.startswith("test: ")}
    assert set(MESSAGES) == declared, "run scripts/core_phrases.py"

    from ..core.health.conftest import make_workspace

    root = make_workspace(tmp_path / "ws")
    (root / "MEMORY.md").write_text(
        (root / "MEMORY.md").read_text(encoding="utf-8")
        + "- Code freeze until 2026-03-03 for the audit team.\n",
        encoding="utf-8",
    )
    report = review_workspace(Workspace(root), date(2026, 6, 1), record_first_seen=False)
    english = {f.id: reason_text(f) for f in report.findings}
    assert english == {f.id: f.reason for f in report.findings}
    assert i18n.install_translator(qapp, "zh_CN") == "zh_CN"
    chinese: dict[str, list[str]] = {}
    for finding in report.findings:
        chinese.setdefault(finding.kind, []).append(reason_text(finding))
    assert set(chinese) >= {"possible-update", "duplicate", "stale"}
    for kind, texts in chinese.items():
        for words in ("newer line", "near-duplicate", "has passed", "says", "about the same"):
            assert not any(words in text for text in texts), (kind, texts)
    assert any("写着“" in t and "端口 6379 → 6380" in t for t in chinese["possible-update"])
    assert all("几乎重复" in t for t in chinese["duplicate"])
    assert any("2026-03-03 已经过去" in t for t in chinese["stale"])
    caps = report.budget.config_source_phrase
    assert (
        caps is not None and phrase_text(caps, "") == "没有 OpenClaw 状态文件夹：用文档中的默认值"
    )


def test_dream_conflict_reasons_in_chinese(qapp) -> None:  # type: ignore[no-untyped-def]
    from reverie.core.dreaming.review import conflict_reason
    from reverie.gui.dashboard.detail_pane import CONFLICT_REASONS

    said = {
        conflict_reason("Moved on 2026-03-01", "Moved on 2026-04-01"),
        conflict_reason("Rent is 2400", "Rent is 2450"),
        conflict_reason("Ana drinks coffee", "Ana does not drink coffee"),
    }
    assert said == set(CONFLICT_REASONS)
    assert i18n.install_translator(qapp, "zh_CN") == "zh_CN"
    assert QCoreApplication.translate("DetailPane", "different numbers") == "数字不同"


def test_what_the_agent_sees_at_session_start_in_chinese(qapp, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Warnings and notes of the session-start view are composed in the core; the CLI and
    JSON keep them in English, the interface says them in its language."""
    from reverie.core.context import limits_from_config, session_context
    from reverie.gui.phrases import say

    root = tmp_path / "ws"
    (root / "memory").mkdir(parents=True)
    (root / "MEMORY.md").write_text("- x\n" * 6000, encoding="utf-8")
    view = session_context(root, limits_from_config(None, "main"))
    assert view.warnings and view.warnings[0].startswith("MEMORY.md is 24,000 characters")
    assert all(isinstance(w, str) for w in view.warnings)
    assert i18n.install_translator(qapp, "zh_CN") == "zh_CN"
    from reverie.gui.widgets.context_panel import ContextPanel, file_state

    panel = ContextPanel(None)
    assert panel.table.horizontalHeaderItem(0).text() == "文件"
    assert file_state(view.files[-1]).startswith("被截断") or any(
        file_state(f).startswith("被截断") for f in view.files
    )
    text = say(view.warnings[0])
    assert text.startswith("MEMORY.md 有 24,000 个字符；智能体只看到"), text
    assert say("plain") == "plain" and say(None) == ""


def test_the_catalog_is_read_into_memory(qapp, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A catalog file rewritten while the app runs (an upgrade, a rebuilt translation)
    does not turn the interface English: the translator reads the file once."""
    import shutil

    folder = tmp_path / "i18n"
    folder.mkdir()
    copy = folder / "reverie_zh_CN.qm"
    shutil.copyfile(i18n.TRANSLATIONS_DIR / "reverie_zh_CN.qm", copy)
    monkeypatch.setattr(i18n, "TRANSLATIONS_DIR", folder)
    assert i18n.install_translator(qapp, "zh_CN") == "zh_CN"
    assert QCoreApplication.translate("ContextPanel", "Warnings") == "警告"
    with copy.open("r+b") as handle:  # rewritten in place, as a build tool does
        handle.truncate(0)
    assert QCoreApplication.translate("ContextPanel", "Warnings") == "警告"


def test_the_review_s_actions_by_their_chinese_names(qapp) -> None:  # type: ignore[no-untyped-def]
    from reverie.gui.health.action_names import action_name

    assert action_name("retire") == "retire"
    assert i18n.install_translator(qapp, "zh_CN") == "zh_CN"
    assert [action_name(a) for a in ("retire", "update", "keep", "unknown")] == [
        "退役",
        "更新",
        "保留",
        "unknown",
    ]


def test_refusals_from_the_core_in_chinese(qapp) -> None:  # type: ignore[no-untyped-def]
    from reverie.core.errors import UserError
    from reverie.core.health import refusals
    from reverie.core.health.actions import FileChanged, HealthActionError
    from reverie.core.phrase import said
    from reverie.gui.tasks import refusal_text

    changed = FileChanged(said(refusals.CHANGED_ON_DISK, path="MEMORY.md"))
    assert str(changed) == "MEMORY.md changed on disk; refresh the review and try again"
    assert i18n.install_translator(qapp, "zh_CN") == "zh_CN"
    assert refusal_text(changed) == "MEMORY.md 在磁盘上被改过了；请刷新审查后再试"
    same = HealthActionError(said(refusals.SAME_TEXT))
    assert refusal_text(same) == "新文字与原条目相同；请先修改"
    assert refusal_text(UserError("plain words")) == "plain words"
    from reverie.core import workspace

    conflict = workspace.WriteConflict(said(workspace.CHANGED_SINCE_OPENED, path="MEMORY.md"))
    assert refusal_text(conflict).startswith("MEMORY.md 打开后在磁盘上被改过了")
    from reverie.core.dreaming import refusals as dream

    assert refusal_text(UserError(said(dream.NOTHING_TO_UNDO))) == "没有可以撤销的批准"


def test_file_problems_in_chinese_from_a_fresh_index(qapp, qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from reverie.core.service import MemoryService
    from reverie.core.workspace import UnreadableFile, Workspace
    from reverie.gui.status_panel import StatusPanel
    from reverie.gui.tasks import refusal_text

    root = tmp_path / "ws"
    (root / "memory").mkdir(parents=True)
    (root / "MEMORY.md").write_text("# M\n\n- fine\n", encoding="utf-8")
    (root / "memory" / "2026-01-02.md").write_bytes(b"# day\x00binary")
    sessions = root / "sessions"
    sessions.mkdir()
    good = '{"type":"message","message":{"role":"user","content":"hello there"}}'
    (sessions / "s1.jsonl").write_text(f"{good}\nnot json\n[1]\n", encoding="utf-8")
    data = tmp_path / "data"
    svc = MemoryService(root, data_dir=data, model_name="hash")
    svc.workspace.sessions_dirs = [("main", sessions)]
    report = svc.sync()
    english = {p.path: str(p.reason) for p in [*report.skipped, *report.damaged]}
    assert english["memory/2026-01-02.md"] == (
        "binary file (NUL byte at offset 5); not Markdown text"
    )
    assert english["sessions/s1.jsonl"] == (
        "2 broken lines skipped (line 2: not valid JSON; line 3: not a JSON object)"
    )
    # a later session reads the damage from the index, with its parts
    again = MemoryService(root, data_dir=data, model_name="hash").damaged_files()
    assert [str(d.reason) for d in again] == [english["sessions/s1.jsonl"]]
    assert i18n.install_translator(qapp, "zh_CN") == "zh_CN"
    panel = StatusPanel()
    qtbot.addWidget(panel)
    panel.show_problems([*report.skipped, *again])
    tip = panel.problems.toolTip()
    assert "二进制文件（偏移 5 处有 NUL 字节）；不是 Markdown 文本" in tip
    assert "跳过了 2 个损坏的行（第 2 行：不是有效的 JSON；第 3 行：不是 JSON 对象）" in tip
    try:
        Workspace(root).read_text("memory/2026-01-02.md")
    except UnreadableFile as exc:
        assert refusal_text(exc).startswith("memory/2026-01-02.md：二进制文件")
    else:
        raise AssertionError("a binary note was read")


def test_progress_and_workspace_refusals_in_chinese(qapp, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from reverie.core.errors import WorkspaceNotFound
    from reverie.core.index import indexer
    from reverie.core.paths import resolve_workspace_and_state
    from reverie.core.phrase import said
    from reverie.gui.phrases import say
    from reverie.gui.tasks import refusal_text

    (tmp_path / "MEMORY.md").write_text("# M\n", encoding="utf-8")
    with pytest.raises(WorkspaceNotFound) as as_file:
        resolve_workspace_and_state(tmp_path / "MEMORY.md", None, None)
    assert "is a file, not a workspace folder" in str(as_file.value)
    assert i18n.install_translator(qapp, "zh_CN") == "zh_CN"
    assert say(said(indexer.READING, path="MEMORY.md")) == "正在读取 MEMORY.md"
    assert say(said(indexer.EMBEDDING)) == "正在计算向量"
    assert refusal_text(as_file.value).endswith(
        "是文件，不是工作区文件夹：请给出放着 MEMORY.md 的文件夹"
    )
    with pytest.raises(WorkspaceNotFound) as missing:
        resolve_workspace_and_state(tmp_path / "nope", None, None)
    assert refusal_text(missing.value).startswith("找不到工作区文件夹：")


def test_telos_problems_in_chinese(qapp, qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """The Telos page's problem list says each problem in the interface's language: the
    core's reading problems, dangling references and circles are phrases."""
    from datetime import date

    from reverie.core.telos import build_report, load_telos
    from reverie.gui.purpose.telos_view import TelosView

    folder = tmp_path / "telos"
    folder.mkdir()
    (folder / "GOALS.md").write_bytes(
        b"## GOALS\r\n- G1: CRLF goal one (S9)\r\n- G2: cyclic (G3)\r\n"
        b"- G3: cyclic back (G2)\r\n- G1: again\r\n"
    )
    (folder / "CHALLENGES.md").write_bytes(b"## CHALLENGES\n- C1: x\n\x00tail")
    (tmp_path / "outside.md").write_text("## MISSION\n- M1: m\n", encoding="utf-8")
    (folder / "MISSION.md").symlink_to(tmp_path / "outside.md")
    (folder / "PROJECTS.md").write_bytes(b"## PROJECTS\n- PRJ1: ok (G1)\n- bad \xff\n")
    report = build_report(load_telos(tmp_path), [], date(2026, 11, 30))

    def shown(view: TelosView) -> list[str]:
        return [view.problems.item(i).text() for i in range(view.problems.count())]

    english = TelosView()
    qtbot.addWidget(english)
    english.set_report(report)
    assert "telos/CHALLENGES.md: binary file (NUL byte at offset 22); not Markdown text" in (
        shown(english)
    )
    assert "telos/GOALS.md:2: G1 refers to S9, which no Telos file defines" in shown(english)
    assert "telos/GOALS.md:3: cycle in the chain: G2 → G3 → G2" in shown(english)

    assert i18n.install_translator(qapp, "zh_CN") == "zh_CN"
    view = TelosView()
    qtbot.addWidget(view)
    view.set_report(report)
    assert shown(view) == [
        "telos/CHALLENGES.md：二进制文件（偏移 22 处有 NUL 字节）；不是 Markdown 文本",
        "telos/GOALS.md:2：G1 引用了 S9，但没有任何 Telos 文件定义它",
        "telos/GOALS.md:3：链中出现循环：G2 → G3 → G2",
        "telos/GOALS.md:5：重复的 id G1（第 2 行也有）",
        "telos/MISSION.md：符号链接：不读取链接的文件",
        "telos/PROJECTS.md：不是有效的 UTF-8（字节偏移 34）；请以 UTF-8 保存",
    ]
    assert view.select_key("G1")
    assert "G1 引用了 S9，但没有任何 Telos 文件定义它" in view.detail.toPlainText()
