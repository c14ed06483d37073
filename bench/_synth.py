"""Synthetic agent workspaces for the speed benchmark: deterministic, bilingual, any size.

``generate_workspace(root, target_chunks=N)`` writes daily notes (``memory/YYYY-MM-DD.md``, and
``memory/YYYY-MM-DD-<topic>.md`` when a day holds several) plus a ``MEMORY.md`` until the
workspace chunks (Reverie's default chunking, exactly as the indexer will chunk it) into at
least ``N`` non-empty chunks. The notes read like an agent's working memory: timed headings
and bullets in English, Chinese and a mix of both, with people, projects, ticket and PR
numbers, versions, amounts and dates, so the keyword index sees a realistic vocabulary
(a long tail of identifiers) and realistic posting-list sizes.

The same ``seed`` and size always give byte-identical files. A finished workspace carries a
``.synth.json`` manifest, and asking again for the same seed and size reuses it.

``synth_queries(n, seed)`` gives questions of the kinds users ask of such notes (English,
Chinese, cross-language, exact identifiers, conversational), built from the same vocabulary.
"""

from __future__ import annotations

import json
import math
import random
import shutil
from dataclasses import asdict, dataclass
from datetime import date, timedelta
from pathlib import Path

from reverie.core.chunking import chunk_markdown, filter_nonempty
from reverie.core.settings import ChunkingSettings

GENERATOR_VERSION = 1
MANIFEST = ".synth.json"
START_DATE = date(2024, 1, 1)
MAX_SPAN_DAYS = 3 * 365
"""Larger workspaces put several notes on one day rather than spanning decades."""

PEOPLE_EN = (
    "Priya", "Owen", "Farah", "Jun", "Marta", "Diego", "Lena", "Tom", "Aisha", "Ken",
    "Sofia", "Ravi", "Noor", "Elliot", "Hana", "Mateo",
)  # fmt: skip
PEOPLE_ZH = ("晓峰", "小周", "王蕾", "李明", "陈静", "张伟", "刘洋", "赵敏", "孙悦", "周婷")
PROJECTS_EN = (
    "Tidepool", "Lighthouse", "Quillmetrics", "Harbor", "Juniper", "Atlas", "Kestrel",
    "Marmot", "Sable", "Orchid", "Bramble", "Cobalt",
)  # fmt: skip
PROJECTS_ZH = ("灯塔", "潮汐", "北极星", "青鸟", "远航", "磐石")
SYSTEMS = (
    "Postgres", "Redis", "Kafka", "the billing API", "the auth service", "Grafana",
    "the CDN", "the search cluster", "the mobile app", "the data warehouse", "S3",
    "the payment gateway", "the scheduler", "the firmware", "the staging cluster",
)  # fmt: skip
SYSTEMS_ZH = ("数据库", "缓存", "消息队列", "计费接口", "认证服务", "监控面板", "支付网关", "固件")
TOPICS = (
    "migration", "cutover", "rollback plan", "alert rules", "on-call rota", "load test",
    "capacity plan", "cost review", "incident review", "release notes", "runbook",
    "security audit", "backup restore drill", "latency regression", "schema change",
    "feature flag", "pricing page", "onboarding flow", "customer escalation", "vendor contract",
)  # fmt: skip
TOPICS_ZH = (
    "迁移", "切换", "回滚方案", "告警规则", "值班表", "压测", "容量规划", "成本复盘",
    "事故复盘", "发布说明", "操作手册", "安全审计", "备份恢复演练", "延迟回归", "表结构变更",
    "功能开关", "客户升级", "供应商合同",
)  # fmt: skip
CITIES = ("Singapore", "Berlin", "Shenzhen", "Austin", "Lisbon", "Tokyo", "上海", "杭州", "成都")
PERSONAL_EN = (
    "Dentist appointment moved to {day} at {time}; bring the insurance card.",
    "Ran {km} km along the river before work, knees fine.",
    "Booked flights to {city} for {day}, seat {seat}, confirmation {code}.",
    "Finished reading \"{book}\"; the chapter on {topic} is worth re-reading.",
    "Groceries: oat milk, tofu, {veg}, coffee beans (the Ethiopian ones).",
    "Paid the electricity bill, {amount}; meter reading {num}.",
    "Call with mum on {day}; she wants photos from the {city} trip.",
    "Gym schedule this week: {day} and Friday, 7:00, legs then upper body.",
)  # fmt: skip
PERSONAL_ZH = (
    "周末去{city}看房，中介电话 138{num}，约在{time}。",
    "今天跑了 {km} 公里，配速比上周快了一点。",
    "给妈妈买了{veg}和水果，顺便把快递取了。",
    "读完了《{book_zh}》，关于{topic_zh}的那一章值得再看一遍。",
    "体检报告出来了，血脂偏高，医生建议少吃{veg}以外的油炸食品。",
    "{day}晚上和{zh}吃火锅，人均 {amount_zh}。",
)  # fmt: skip
BOOKS = ("Thinking in Systems", "The Mythical Man-Month", "Designing Data-Intensive Applications",
         "A Philosophy of Software Design", "The Phoenix Project", "Working in Public")  # fmt: skip
BOOKS_ZH = ("三体", "人类简史", "活着", "深度工作", "原则", "置身事内")
VEGETABLES = ("spinach", "bok choy", "carrots", "mushrooms", "broccoli", "西兰花", "豆芽", "青菜")
HEADINGS_EN = (
    "Standup", "Planning", "1:1 with {en}", "{proj} sync", "Incident", "Customer call",
    "Design review", "Retro", "Budget", "Hiring loop", "Vendor call", "Notes", "Personal",
    "Follow-ups", "Release", "Evening",
)  # fmt: skip
HEADINGS_ZH = ("晨会", "周会", "和{zh}一对一", "{proj_zh}进展", "事故处理", "客户电话", "复盘",
               "预算", "招聘", "个人", "待办", "晚上")  # fmt: skip

WORK_EN = (
    "{en} moved the {proj} {topic} to {day} {time}; {zh} owns the {sys} part.",
    "Decided to keep {sys} on the old version until the {topic} is signed off by {en}.",
    "PR #{pr} ({proj}) fixes the {topic} bug in {sys}; waiting on review from {en}.",
    "Ticket {ticket}: {sys} returned error {err} during the {topic}, {count} requests affected.",
    "{proj} {ver} shipped to production at {time}; no alerts in the first hour.",
    "Budget for {proj} approved at {amount}; {en} wants a monthly report on spend.",
    "{en} asked whether the {topic} could slip a week. Answer: no, {city} customers need it.",
    "Action item for {en}: write the {topic} runbook for {sys} before {day}.",
    "p95 latency of {sys} went from {ms} ms to {ms2} ms after the {topic}; rolling back.",
    "Agreed with {en} and {zh}: {proj} goes live in {city} first, then everywhere.",
    "The {topic} for {sys} needs {count} more hours of testing; moved the deadline to {day}.",
    "{en} is out {day}, {zh} covers the on-call rota for {proj}.",
    "Customer {cust} reported {sys} timeouts again (case {ticket}); sent a status update.",
    "Renamed the {proj} dashboard; old links redirect until {day}.",
    "Lesson from the {topic}: always snapshot {sys} before running the migration script.",
)  # fmt: skip
WORK_ZH = (
    "{zh}说{proj_zh}的{topic_zh}推迟到{day}，{sys_zh}那边由{zh2}负责。",
    "{sys_zh}昨晚报错 {err}，影响了 {count} 个请求，{zh}已经在查。",
    "和{zh}确认：{proj_zh}{ver}版本{day}上线，先灰度百分之十。",
    "{proj_zh}的预算批下来了，{amount_zh}，每月要给{zh}发一次报告。",
    "{topic_zh}的结论：{sys_zh}先不升级，等{zh}签字。",
    "{zh}提醒：{day}之前要把{topic_zh}的文档写完。",
    "客户{cust}又投诉{sys_zh}超时（工单 {ticket}），已回复进展。",
    "{zh}和{zh2}下周轮流值班，{proj_zh}出问题先打{zh}的电话。",
)  # fmt: skip
MIXED = (
    "{zh} 确认 {proj} 的 {topic} 没问题，{en} 负责 follow up。",
    "{proj_zh} ({proj}) {ver} 上线，{sys} 指标正常，{en} 在盯 dashboard。",
    "和 {en} 开会：{topic_zh} 改到 {day}，原因是 {sys} 的 {topic} 还没做完。",
    "{en} said {zh} already fixed {err} in {sys}（PR #{pr}）。",
    "TODO: 问{zh}要 {proj} 的 {topic} 数据，{day} 前给 {en}。",
    "{sys} 的 p95 从 {ms} ms 降到 {ms2} ms，{zh} 的优化有效。",
)  # fmt: skip
CUSTOMERS = ("Northwind", "Acme Logistics", "Bluefin Retail", "Globex", "顺达物流", "华联超市",
             "Initech", "Umbrella Health", "星河科技")  # fmt: skip


@dataclass(frozen=True)
class SynthWorkspace:
    """What ``generate_workspace`` made: where, how big, and the date range of its notes."""

    root: str
    seed: int
    target_chunks: int
    notes: int
    chunks: int
    chars: int
    first_date: str
    last_date: str
    daily_notes: tuple[str, ...]
    """Relative paths of the daily notes, oldest first."""

    def to_json(self) -> dict[str, object]:
        data = asdict(self)
        data["daily_notes"] = list(self.daily_notes)
        return data


class _Writer:
    def __init__(self, rng: random.Random, day: date) -> None:
        self.rng = rng
        self.day = day

    def pick(self, items: tuple[str, ...]) -> str:
        return items[self.rng.randrange(len(items))]

    def slots(self) -> dict[str, str]:
        r = self.rng
        later = self.day + timedelta(days=r.randint(1, 21))
        zh = self.pick(PEOPLE_ZH)
        zh2 = self.pick(tuple(p for p in PEOPLE_ZH if p != zh))
        ms = r.randint(40, 900)
        return {
            "en": self.pick(PEOPLE_EN),
            "zh": zh,
            "zh2": zh2,
            "proj": self.pick(PROJECTS_EN),
            "proj_zh": self.pick(PROJECTS_ZH),
            "sys": self.pick(SYSTEMS),
            "sys_zh": self.pick(SYSTEMS_ZH),
            "topic": self.pick(TOPICS),
            "topic_zh": self.pick(TOPICS_ZH),
            "city": self.pick(CITIES),
            "day": later.strftime("%b %d") if r.random() < 0.6 else f"{later.month}月{later.day}日",
            "time": f"{r.randint(8, 21):02d}:{r.choice((0, 15, 30, 45)):02d}",
            "pr": str(r.randint(100, 4999)),
            "ticket": f"{r.choice(('OPS', 'SUP', 'BILL', 'MOB', 'SEC'))}-{r.randint(100, 9999)}",
            "err": f"E{r.randint(10, 99)}",
            "ver": f"v{r.randint(0, 3)}.{r.randint(0, 12)}.{r.randint(0, 9)}",
            "count": str(r.randint(2, 3000)),
            "amount": f"${r.randint(2, 180) * 100:,}",
            "amount_zh": f"{r.randint(50, 20000)}元",
            "ms": str(ms),
            "ms2": str(max(5, ms + r.randint(-300, 400))),
            "cust": self.pick(CUSTOMERS),
            "km": f"{r.randint(3, 21)}.{r.randint(0, 9)}",
            "seat": f"{r.randint(3, 45)}{r.choice('ACDF')}",
            "code": "".join(r.choice("ABCDEFGHJKLMNPQRSTUVWXYZ23456789") for _ in range(6)),
            "book": self.pick(BOOKS),
            "book_zh": self.pick(BOOKS_ZH),
            "veg": self.pick(VEGETABLES),
            "num": str(r.randint(10_000_000, 99_999_999)),
        }

    def line(self, personal: bool) -> str:
        r = self.rng.random()
        if personal:
            template = self.pick(PERSONAL_ZH if r < 0.4 else PERSONAL_EN)
        elif r < 0.45:
            template = self.pick(WORK_EN)
        elif r < 0.75:
            template = self.pick(WORK_ZH)
        else:
            template = self.pick(MIXED)
        text = template.format(**self.slots())
        if self.rng.random() < 0.25:  # a second sentence: bullets vary in length
            extra = self.pick(WORK_EN + WORK_ZH).format(**self.slots())
            text = f"{text} {extra}"
        return f"- {text}"

    def heading(self) -> tuple[str, bool]:
        s = self.slots()
        zh = self.rng.random() < 0.35
        template = self.pick(HEADINGS_ZH if zh else HEADINGS_EN)
        title = template.format(**s)
        hour = self.rng.randint(8, 22)
        minute = self.rng.choice((0, 15, 30, 45))
        return f"## {hour:02d}:{minute:02d} {title}", title in (
            "Personal",
            "个人",
            "Evening",
            "晚上",
        )


def daily_note(rng: random.Random, day: date) -> str:
    """One daily note: a dated title, 1-5 timed sections of 1-8 bullets."""
    w = _Writer(rng, day)
    parts = [f"# {day.isoformat()}", ""]
    sections = rng.choice((1, 2, 2, 3, 3, 3, 4, 4, 5))
    headings = sorted(w.heading() for _ in range(sections))
    for title, personal in headings:
        parts.append(title)
        for _ in range(rng.randint(1, 8)):
            parts.append(w.line(personal))
        parts.append("")
    return "\n".join(parts)


def long_term_memory(rng: random.Random) -> str:
    w = _Writer(rng, START_DATE)
    lines = ["# MEMORY", "", "## People"]
    for person in PEOPLE_EN[:8] + PEOPLE_ZH[:6]:
        s = w.slots()
        lines.append(f"- {person}: works on {s['proj']} ({s['proj_zh']}), based in {s['city']}.")
    lines += ["", "## Projects"]
    for en, zh in zip(PROJECTS_EN, PROJECTS_ZH, strict=False):
        s = w.slots()
        lines.append(f"- {en} / {zh}: owner {s['en']}, {s['sys']} {s['topic']}, since {s['ver']}.")
    lines += ["", "## Preferences", "- Prefers short status updates; 中文或英文都可以。",
              "- Never schedule meetings before 09:00 or on Friday afternoons.", ""]  # fmt: skip
    return "\n".join(lines)


def _count_chunks(text: str, chunking: ChunkingSettings) -> int:
    return len(
        filter_nonempty(chunk_markdown(text, chunking.tokens, chunking.overlap, chunking.mode))
    )


def _note_names(notes_per_day: int, index: int) -> tuple[date, str]:
    day = START_DATE + timedelta(days=index // notes_per_day)
    k = index % notes_per_day
    if k == 0:
        return day, f"memory/{day.isoformat()}.md"
    slug = ("work", "meetings", "journal", "oncall", "reading", "ideas", "calls", "misc")[k % 8]
    return day, f"memory/{day.isoformat()}-{slug}-{k}.md"


def generate_workspace(
    root: Path,
    target_chunks: int,
    seed: int = 7,
    chunking: ChunkingSettings | None = None,
) -> SynthWorkspace:
    """Write (or reuse) a workspace at ``root`` with at least ``target_chunks`` chunks."""
    chunking = chunking or ChunkingSettings()
    root = Path(root)
    manifest = root / MANIFEST
    key = {"version": GENERATOR_VERSION, "seed": seed, "target_chunks": target_chunks,
           "chunking": asdict(chunking)}  # fmt: skip
    if manifest.is_file():
        data = json.loads(manifest.read_text(encoding="utf-8"))
        if data.get("key") == key:
            info = data["workspace"]
            info["daily_notes"] = tuple(info["daily_notes"])
            return SynthWorkspace(**info)
    if root.exists():
        if manifest.is_file():  # an older synthetic workspace: ours to replace
            shutil.rmtree(root)
        elif any(root.iterdir()):
            raise FileExistsError(f"{root} is not empty and not a synthetic workspace")
    (root / "memory").mkdir(parents=True)
    rng = random.Random(seed)
    memory_text = long_term_memory(rng)
    (root / "MEMORY.md").write_text(memory_text, encoding="utf-8")
    chunks = _count_chunks(memory_text, chunking)
    chars = len(memory_text)
    # about 1.5 chunks per note: spread the notes over at most MAX_SPAN_DAYS days
    est_notes = max(1, math.ceil(target_chunks / 1.5))
    per_day = max(1, math.ceil(est_notes / MAX_SPAN_DAYS))
    paths: list[str] = []
    first = last = START_DATE
    index = 0
    while chunks < target_chunks:
        day, rel = _note_names(per_day, index)
        text = daily_note(rng, day)
        (root / rel).write_text(text, encoding="utf-8")
        chunks += _count_chunks(text, chunking)
        chars += len(text)
        paths.append(rel)
        last = day
        index += 1
    info = SynthWorkspace(
        root=str(root),
        seed=seed,
        target_chunks=target_chunks,
        notes=len(paths) + 1,
        chunks=chunks,
        chars=chars,
        first_date=first.isoformat(),
        last_date=last.isoformat(),
        daily_notes=tuple(paths),
    )
    manifest.write_text(
        json.dumps({"key": key, "workspace": info.to_json()}, ensure_ascii=False), encoding="utf-8"
    )
    return info


QUERY_TEMPLATES = (
    "What did {en} decide about the {proj} {topic}?",
    "When does {proj} {ver} ship?",
    "PR #{pr}",
    "ticket {ticket}",
    "what does error {err} mean in {sys}",
    "who covers the on-call rota for {proj} when {en} is out",
    "{proj} budget",
    "why did we roll back {sys}",
    "p95 latency regression in {sys}",
    "which customer complained about {sys} timeouts",
    "{zh}负责什么",
    "{proj_zh}什么时候上线",
    "{sys_zh}报错是怎么回事",
    "{topic_zh}推迟到哪天了",
    "谁在{proj_zh}值班",
    "{zh} 和 {en} 讨论了 {proj} 的什么问题",
    "{proj} 的 {topic_zh} 进展",
    "when is the dentist appointment",
    "flights to {city}",
    "我上次跑步跑了多少公里",
    "what book did I finish reading",
    "体检报告怎么说",
    "Can you remind me what we agreed with {zh} about {proj}?",
    "hey, did anything happen with the {topic} for {sys} last week?",
    "客户 {cust} 的工单",
)


def synth_queries(n: int = 60, seed: int = 11) -> list[str]:
    """``n`` distinct, deterministic queries over the synthetic vocabulary."""
    rng = random.Random(seed)
    w = _Writer(rng, START_DATE + timedelta(days=200))
    out: list[str] = []
    seen: set[str] = set()
    i = 0
    while len(out) < n:
        template = QUERY_TEMPLATES[i % len(QUERY_TEMPLATES)]
        i += 1
        query = template.format(**w.slots())
        if query not in seen:
            seen.add(query)
            out.append(query)
    return out
