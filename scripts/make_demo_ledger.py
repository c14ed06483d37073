"""Build the demo workspace's recall ledger by replaying an agent's searches.

The bundled demo workspace (``app/reverie/resources/demo/workspace``) covers 1 August to
29 November 2026. This script copies it to a temporary folder, and for every day from
20 October to 29 November 2026 makes only the notes written up to that day visible, then
runs a few searches an agent would plausibly have made that day through Reverie's
own search (``reverie`` profile, deterministic ``hash`` embedder) and records the
surfaced results in the recall ledger exactly as a live ``memory_search`` would
(``reverie.core.dreaming.ledger.record_recalls``), in the ``Asia/Singapore`` dreaming timezone.
On the last nights the light and REM phases run at 03:00 as OpenClaw's nightly sweep
would, and a final deep ranking writes the ``## Deep Sleep`` block of ``DREAMS.md``.

The resulting ``memory/.dreams/*`` files and ``DREAMS.md`` are copied back into the demo.
A fixed seed makes the output identical on every run.

    python scripts/make_demo_ledger.py [--check]
"""

from __future__ import annotations

import argparse
import random
import shutil
import sys
import tempfile
from dataclasses import dataclass, replace
from datetime import date, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "app"))

from reverie.core.dreaming import ledger  # noqa: E402
from reverie.core.dreaming.engine import DreamEngine  # noqa: E402
from reverie.core.service import MemoryService  # noqa: E402
from reverie.core.settings import SearchSettings  # noqa: E402
from reverie.core.workspace import daily_date  # noqa: E402

DEMO = ROOT / "resources" / "demo"
TIMEZONE = "Asia/Singapore"
ZONE = ZoneInfo(TIMEZONE)
FIRST_DAY = date(2026, 10, 20)
LAST_DAY = date(2026, 11, 29)
PHASE_NIGHTS_FROM = date(2026, 11, 23)
SEED = 20261130
RESULTS_PER_QUERY = 4


@dataclass(frozen=True)
class Topic:
    """Queries an agent asks about one subject, and the days it is on the agent's mind."""

    name: str
    start: date
    end: date
    weight: float
    queries: tuple[str, ...]


def d(month: int, day: int) -> date:
    return date(2026, month, day)


TOPICS: tuple[Topic, ...] = (
    Topic(
        "staging network",
        d(10, 20),
        d(11, 29),
        1.3,
        (
            "which VLAN is staging on",
            "stg-core-01 IP address",
            "staging server VLAN 30 new IP",
            "staging 现在在哪个 VLAN",
            "NET-4471 staging network change",
            "hard-coded staging IP in CI",
        ),
    ),
    Topic(
        "tidepool cutover",
        d(10, 20),
        d(11, 18),
        1.4,
        (
            "Tidepool cutover date",
            "when is the Postgres 16 cutover",
            "Tidepool 切换日期",
            "dry run #3 results",
            "Tidepool go/no-go criteria",
            "cutover roles and bridge",
            "复制延迟 批量导入",
        ),
    ),
    Topic(
        "tidepool retro",
        d(11, 14),
        d(11, 29),
        1.2,
        (
            "Tidepool downtime minutes",
            "Tidepool retro action items",
            "grants missing after cutover",
            "Tidepool retro 还有哪些没完成",
            "王蕾 grants diff due date",
        ),
    ),
    Topic(
        "coffee",
        d(10, 20),
        d(11, 29),
        0.8,
        (
            "Jun's coffee order",
            "what does Jun drink in the afternoon",
            "骏 现在喝什么咖啡",
            "caffeine rule after GP visit",
        ),
    ),
    Topic(
        "sleep",
        d(11, 2),
        d(11, 29),
        0.6,
        ("GP advice on sleep", "Jun sleep problems waking early", "下午不能喝茶"),
    ),
    Topic(
        "quillmetrics",
        d(10, 20),
        d(11, 29),
        1.0,
        (
            "Quillmetrics trial dates",
            "Quillmetrics metrics-only quote",
            "Quillmetrics rule compatibility 118 of 126",
            "Quillmetrics 试用 结论",
            "trial API key where stored",
            "observability vendor decision",
        ),
    ),
    Topic(
        "lighthouse",
        d(11, 1),
        d(11, 29),
        0.8,
        (
            "灯塔 交接 负责人",
            "who owns Lighthouse now",
            "Lighthouse handover date",
            "晓峰 调到 数据库平台组",
        ),
    ),
    Topic(
        "lease",
        d(10, 20),
        d(11, 29),
        0.6,
        (
            "new rent from December",
            "lease renewal Mr Lim",
            "续租 月租 多少",
            "stamp duty lease",
        ),
    ),
    Topic(
        "climbing",
        d(10, 27),
        d(11, 29),
        0.5,
        ("Jun climbing grade", "first V5 Crux Yard", "bouldering goal overhang"),
    ),
    Topic(
        "family",
        d(11, 1),
        d(11, 29),
        0.5,
        (
            "妈妈 60 岁 生日 餐厅",
            "mother birthday dinner bill",
            "何敏 回墨尔本",
            "family trip to Hangzhou in April",
        ),
    ),
    Topic(
        "people",
        d(10, 20),
        d(11, 29),
        0.6,
        (
            "Farah start date and buddy",
            "Priya 1:1 time",
            "王蕾 maternity leave",
            "Owen senior promotion",
        ),
    ),
    Topic(
        "archive",
        d(10, 20),
        d(11, 20),
        0.4,
        ("归档计划 第二阶段", "log archive phase 2 postponed", "customs logs retention"),
    ),
    Topic(
        "review",
        d(11, 22),
        d(11, 29),
        0.7,
        (
            "year-end self review",
            "年终自评 三件事",
            "on-call handover to Hangzhou",
            "Jun leave in December",
        ),
    ),
)


def copy_demo(tmp: Path) -> tuple[Path, Path]:
    """A copy of the demo with no daily notes yet (they appear day by day) and no ledger."""
    ws = tmp / "workspace"
    shutil.copytree(DEMO / "workspace", ws)
    shutil.rmtree(ws / "memory" / ".dreams", ignore_errors=True)
    (ws / "DREAMS.md").unlink(missing_ok=True)
    shutil.rmtree(ws / "memory" / "dreaming", ignore_errors=True)
    sessions = tmp / "sessions"
    shutil.copytree(DEMO / "state" / "agents" / "main" / "sessions", sessions)
    for note in (ws / "memory").glob("*.md"):
        if daily_date(f"memory/{note.name}") is not None:
            note.unlink()
    return ws, sessions


def reveal_notes(ws: Path, day: date) -> bool:
    """Copy the daily notes dated on or before ``day`` into the workspace."""
    added = False
    for note in sorted((DEMO / "workspace" / "memory").glob("*.md")):
        noted = daily_date(f"memory/{note.name}")
        if noted is None or noted > day:
            continue
        target = ws / "memory" / note.name
        if not target.exists():
            shutil.copy2(note, target)
            added = True
    return added


def day_plan(rng: random.Random, day: date) -> list[tuple[datetime, str]]:
    """The searches of one day: 2-5 queries (1-3 at weekends) from the topics on the agent's mind."""
    active = [t for t in TOPICS if t.start <= day <= t.end]
    count = rng.randint(2, 5) if day.weekday() < 5 else rng.randint(1, 3)
    plan: list[tuple[datetime, str]] = []
    for _ in range(count):
        topic = rng.choices(active, weights=[t.weight for t in active])[0]
        query = rng.choice(topic.queries)
        moment = datetime(
            day.year, day.month, day.day, rng.randint(8, 21), rng.randint(0, 59), tzinfo=ZONE
        )
        plan.append((moment, query))
    plan.sort()
    return plan


def run_night(ws: Path, sessions: Path, day: date, phases: tuple[str, ...]) -> None:
    """The nightly sweep at 03:00 the morning after ``day``."""
    moment = datetime(day.year, day.month, day.day, 3, 0, tzinfo=ZONE) + timedelta(days=1)
    engine = DreamEngine(
        ws, now=moment, timezone=TIMEZONE, transcripts=sorted(sessions.glob("*.jsonl"))
    )
    for phase in phases:
        engine.run_phase(phase)


def build(tmp: Path) -> Path:
    ws, sessions = copy_demo(tmp)
    rng = random.Random(SEED)
    service = MemoryService(ws, data_dir=tmp / "data", model_name="hash")
    settings = SearchSettings.for_profile("reverie")
    service.load_model()
    recorded = queries = 0
    day = FIRST_DAY
    try:
        while day <= LAST_DAY:
            if reveal_notes(ws, day) or day == FIRST_DAY:
                service.sync()
                service.embed_pending()
            for moment, query in day_plan(rng, day):
                response = service.search(query, settings, now_ms=moment.timestamp() * 1000)
                hits = [
                    {
                        "path": h.path,
                        "startLine": h.start_line,
                        "endLine": h.end_line,
                        "score": h.score,
                        "snippet": h.snippet,
                        "source": h.source,
                    }
                    for h in response.results[:RESULTS_PER_QUERY]
                ]
                recorded += ledger.record_recalls(ws, query, hits, now=moment, timezone=TIMEZONE)
                queries += 1
            if day >= PHASE_NIGHTS_FROM:
                phases = ("light", "rem", "deep") if day == LAST_DAY else ("light", "rem")
                run_night(ws, sessions, day, phases)
            day += timedelta(days=1)
    finally:
        service.close()
    print(f"{queries} searches, {recorded} recalls recorded", file=sys.stderr)
    return ws


def install(ws: Path) -> list[Path]:
    """Copy the ledger folder and DREAMS.md into the demo; return what was written."""
    target = DEMO / "workspace"
    shutil.rmtree(target / "memory" / ".dreams", ignore_errors=True)
    shutil.copytree(ws / "memory" / ".dreams", target / "memory" / ".dreams")
    (target / "memory" / ".dreams" / "short-term-promotion.lock").unlink(missing_ok=True)
    written = sorted(p for p in (target / "memory" / ".dreams").rglob("*") if p.is_file())
    if (ws / "DREAMS.md").exists():
        shutil.copy2(ws / "DREAMS.md", target / "DREAMS.md")
        written.append(target / "DREAMS.md")
    return written


def summary(workspace: Path) -> str:
    """How many candidates pass the default gates on 30 November."""
    engine = DreamEngine(
        workspace, now=datetime(2026, 11, 30, 9, 0, tzinfo=ZONE), timezone=TIMEZONE
    )
    thresholds = replace(engine.default_thresholds(), limit=None)
    cands = engine.preview(thresholds, include_failing=True, with_nearest=False)
    passing = [c for c in cands if c.passes]
    lines = [f"{len(cands)} candidates, {len(passing)} pass the default gates"]
    for cand in cands:
        mark = "PASS" if cand.passes else "fail " + ",".join(cand.failed_gates)
        lines.append(f"  {cand.score:.3f} {cand.path}:{cand.start_line} {mark}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--check", action="store_true", help="build in a temporary folder only; change nothing"
    )
    args = parser.parse_args(argv)
    # A fixed folder, because OpenClaw's event journal records absolute report paths.
    tmp = Path(tempfile.gettempdir()) / "reverie-demo-ledger"
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    try:
        ws = build(tmp)
        print(summary(ws))
        if not args.check:
            for path in install(ws):
                print(f"wrote {path.relative_to(ROOT)}")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
