"""The health review of a workspace's ``MEMORY.md``: all four kinds of finding at once.

:func:`review_workspace` reads ``MEMORY.md``, the dated evidence (daily notes, other memory
files, transcripts), the recall ledger, Reverie's first-seen record and the keep/snooze
decisions of the audit log, and returns a :class:`HealthReport`. Nothing is written except
the first-seen record (``record_first_seen``).
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import re
from collections.abc import Callable, Iterable
from dataclasses import replace
from datetime import date, datetime, timedelta
from pathlib import Path

from ..embedding import Embedder
from ..errors import UserError
from ..phrase import Phrase, nothing, phrase
from ..workspace import Workspace
from .audit_log import AuditLog, decisions, rewritten_on
from .budget import NEAR_LIMIT, measure_budget
from .duplicates import DuplicateParams, find_duplicates
from .entries import Entry, split_entries
from .firstseen import FirstSeen
from .locations import MEMORY_PATH
from .meaning import entry_meaning
from .model import (
    BUDGET,
    DUPLICATE,
    KINDS,
    STALE,
    UPDATE,
    BudgetInfo,
    EvidenceRef,
    Finding,
    HealthReport,
    finding_id,
)
from .reasons import (
    DUPLICATE_REASON,
    NEAR_BUDGET,
    OVER_BUDGET,
    SAYS,
    SAYS_DATE_CHANGE,
    UPDATE_REASON,
    UPDATE_SINCE,
    UPDATE_WHEN,
    WHY_KIND_VALUE,
    WHY_VALUE,
    date_source_phrase,
)
from .sources import Corpus, SourceLine, collect_sources
from .stale import StaleParams, find_stale
from .suggestion import suggested_text
from .text import (
    CALENDAR_WORDS,
    has_cjk,
    head_tokens,
    is_specific,
    normalize,
    stem,
    subject_tokens,
    surface,
)
from .updates import UpdateParams, find_updates
from .values import Value, date_mentions, named_alike, nearest_year

log = logging.getLogger(__name__)

LEDGER_PATH = Path("memory") / ".dreams" / "short-term-recall.json"


def sha256_text(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def read_memory(workspace: Workspace) -> tuple[str, str]:
    """``(text, sha256 of the bytes)`` of MEMORY.md ('' when it does not exist)."""
    path = workspace.root / MEMORY_PATH
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        if path.is_symlink():  # not "empty": a link to a file that is not there
            raise UserError(
                f"{path} is a symbolic link to a missing file ({os.readlink(path)})"
            ) from None
        return "", hashlib.sha256(b"").hexdigest()
    return data.decode("utf-8", errors="replace"), hashlib.sha256(data).hexdigest()


def _recalls(root: Path) -> dict[str, date]:
    """Subject token → last day the ledger recorded a recall of a snippet holding it."""
    try:
        raw = json.loads((root / LEDGER_PATH).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    entries = raw.get("entries") if isinstance(raw, dict) else None
    out: dict[str, date] = {}
    if not isinstance(entries, dict):
        return out
    for item in entries.values():
        if not isinstance(item, dict):
            continue
        when = item.get("lastRecalledAt")
        if not isinstance(when, str) or len(when) < 10:
            continue
        try:
            day = date.fromisoformat(when[:10])
        except ValueError:
            continue
        for token in subject_tokens(str(item.get("snippet") or "")):
            if is_specific(token) and (token not in out or out[token] < day):
                out[token] = day
    return out


def surface_words(tokens: Iterable[str], text: str) -> list[str]:
    """Stemmed tokens shown as the words of ``text`` they came from (``leas`` → ``lease``)."""
    norm = normalize(text)
    out: list[str] = []
    for token in tokens:
        word = token
        if token.isascii() and token.isalpha():
            found = re.search(rf"\b{re.escape(token)}[a-z]*", norm)
            if found:
                word = found.group(0)
        else:
            word = surface(text, token)  # 業主 for 业主
        if word not in out:
            out.append(word)
    return out


def _ref(line: SourceLine, role: str) -> EvidenceRef:
    return EvidenceRef(
        line.path, line.line, line.line, line.text, line.day.isoformat() if line.day else None, role
    )


def _entry_ref(entry: Entry, role: str, day: date | None = None) -> EvidenceRef:
    return EvidenceRef(
        MEMORY_PATH,
        entry.start_line,
        entry.end_line,
        entry.text,
        day.isoformat() if day else None,
        role,
    )


SUGGEST_COVER = 0.4
"""A suggested update needs the new value named like the old one, or a line holding this
share of the entry's words: on the labelled workspaces, the value the label names was put
in for 0.90 of the true findings that got a suggestion (197 of 219), against 0.87 without
the condition (293 of 336)."""


def _make(
    kind: str,
    entry: Entry,
    reason: Phrase,
    score: float,
    evidence: tuple[EvidenceRef, ...],
    sha: str,
    entry_day: date | None,
    how: str | None,
) -> Finding:
    return Finding(
        id=finding_id(kind, entry.key, evidence),
        kind=kind,
        path=MEMORY_PATH,
        start_line=entry.start_line,
        end_line=entry.end_line,
        text=entry.text,
        reason=str(reason),
        score=score,
        evidence=evidence,
        entry_key=entry.key,
        entry_date=entry_day.isoformat() if entry_day else None,
        entry_date_source=how,
        file_sha256=sha,
        raw=entry.raw,
        reason_phrase=reason,
    )


def compute_findings(
    memory_text: str,
    sources: list[SourceLine],
    now: date,
    *,
    memory_sha: str = "",
    first_seen: FirstSeen | None = None,
    recalled: dict[str, date] | None = None,
    kinds: Iterable[str] = KINDS,
    update_params: UpdateParams | None = None,
    duplicate_params: DuplicateParams | None = None,
    stale_params: StaleParams | None = None,
    cancel: Callable[[], bool] | None = None,
    embedder: Embedder | None = None,
    rewritten: dict[str, date] | None = None,
) -> list[Finding]:
    """Findings of ``possible-update``, ``duplicate`` and ``stale`` (pure; no budget);
    ``embedder``: the loaded model, which finds duplicates said in other words;
    ``rewritten``: the day each entry text was written through the review (by its key)."""
    wanted = set(kinds)
    entries = split_entries(memory_text)
    if entries and _remark(entries[0]):
        entries = entries[1:]
    corpus = Corpus(sources)
    corpus.add_documents([e.text for e in entries])
    corpus.add_documents([s.text for s in sources])
    findings: list[Finding] = []
    written: dict[int, date | None] = {}
    how_known: dict[int, str | None] = {}
    # an event whose days have all passed is not changed by what the notes say after them
    # ("春节排班：除夕...初三夜班" and July's roster of night shifts)
    dated = {e.start_line: e.source_date or e.promoted_on for e in entries}
    over = {
        m.entry.start_line: date.fromisoformat(str(m.reason_phrase.arg("day")))
        for m in find_stale(entries, sources, now, dated, None, stale_params, dates_only=True)
        if m.date_passed
    }
    updates = find_updates(entries, sources, corpus, update_params, now, cancel, rewritten, over)
    for entry, _m, day, how in updates:
        written[entry.start_line], how_known[entry.start_line] = day, how
    for entry in entries:
        if entry.start_line not in written or written[entry.start_line] is None:
            day = entry.source_date or entry.promoted_on
            how = "source-note" if entry.source_date else ("promotion" if day else None)
            if day is None and first_seen is not None:
                day = first_seen.day(entry.key)
                how = "first-seen" if day else None
            written[entry.start_line], how_known[entry.start_line] = day, how
    stale = (
        find_stale(
            entries,
            sources,
            now,
            written,
            recalled,
            stale_params,
            frozenset(line for line, how in how_known.items() if how == "first-seen"),
        )
        if {UPDATE, STALE} & wanted
        else []
    )
    if UPDATE in wanted:
        due = {m.entry.start_line for m in stale if m.evidence is None and m.date_passed}
        for entry, matches, day, how in updates:
            best = matches[0]
            said = best.why_phrase.arg("why") if best.why_phrase.template in _WITH_VALUE else None
            words = _change_words(said if isinstance(said, Phrase) else best.why_phrase)
            if entry.start_line in due and (
                (_task_done(entry, words) and not _runs_longer(entry, best.line))
                or (
                    words is not None
                    and _ENDED.search(words) is not None
                    and not _ended_early(entry, best.line, words)
                )
                or _on_its_day(entry, best.line)
            ):
                # "renew by 31 Oct" and then "Renewed": done (and stale), not changed; a
                # trial "runs till 5 Aug" and then "trial ended": over as planned
                continue
            top_score = max(m.score for m in matches)
            evidence = tuple(_ref(m.line, "newer") for m in matches)
            when = (
                phrase(UPDATE_WHEN, day=best.line.day.isoformat()) if best.line.day else nothing()
            )
            since = (
                phrase(UPDATE_SINCE, day=day.isoformat(), how=date_source_phrase(how or ""))
                if day
                else nothing()
            )
            # no word in common (another car bought, a relative's new number): the entry's
            # first word says what it is about
            subject = best.shared or head_tokens(entry.text)[:1]
            shared = ", ".join(surface_words(subject, entry.text)[:4])
            reason = phrase(
                UPDATE_REASON,
                path=best.line.path,
                when=when,
                since=since,
                shared=shared,
                why=best.why_phrase,
            )
            found = _make(UPDATE, entry, reason, top_score, evidence, memory_sha, day, how)
            if (
                best.old_value is not None
                and best.new_value is not None
                # a role's new holder is read from the line's words ("So Tom is my lawyer"),
                # too loosely to write into the entry
                and best.old_value.kind != "holder"
                # the new value is the entry's thing's: named by the same word, or on a line
                # that says much of what the entry says (not "A 轮 ask 改成 $9M" for "ARR ~$1.32M")
                and (
                    named_alike(entry.text, best.line.text, (best.old_value, best.new_value))
                    or best.cover >= SUGGEST_COVER
                )
                and not _other_name_too(entry.text, best.line.text, best.new_value)
            ):
                text = suggested_text(entry.text, best.line.text, best.old_value, best.new_value)
                found = replace(found, suggestion=text or "")
            findings.append(found)
    if DUPLICATE in wanted:
        meaning = entry_meaning(embedder, entries)
        for pair in find_duplicates(entries, duplicate_params, meaning):
            reason = phrase(DUPLICATE_REASON, line=pair.first.start_line, how=pair.how_phrase)
            first_day = written.get(pair.first.start_line)
            evidence = (_entry_ref(pair.first, "duplicate-of", first_day),)
            second = pair.second
            findings.append(
                _make(
                    DUPLICATE,
                    second,
                    reason,
                    pair.similarity,
                    evidence,
                    memory_sha,
                    written.get(second.start_line),
                    how_known.get(second.start_line),
                )
            )
    if STALE in wanted:
        for match in stale:
            evidence = (_ref(match.evidence, "last-mention"),) if match.evidence else ()
            findings.append(
                _make(
                    STALE,
                    match.entry,
                    match.reason_phrase,
                    match.score,
                    evidence,
                    memory_sha,
                    written.get(match.entry.start_line),
                    how_known.get(match.entry.start_line),
                )
            )
    order = {kind: index for index, kind in enumerate(KINDS)}
    findings.sort(key=lambda f: (order[f.kind], f.start_line))
    return _unique_ids(findings)


_DONE = re.compile(
    r"renew|cancel|finish|complet|submit|续签|续约|续费|续保|取消|换了|办了|交了", re.IGNORECASE
)


_ENDED = re.compile(r"\bend(?:ed|s)?\b|finish|\bover\b|expir|最后一天|结束|到期", re.IGNORECASE)
"""Change words that say something ended ("ended", "finished", 最后一天): for an entry whose
date has passed, it ended as planned."""


def _other_name_too(entry_text: str, line_text: str, new: Value) -> bool:
    """The line's new value comes with a switch to something the entry does not name
    ("switched to China Unicom, 39 yuan/month" for "China Mobile, 59 yuan/month"; not a day
    or month: "moved to Thursdays"):
    putting in the value alone would leave the old name beside it."""
    entry = entry_text.casefold()
    # a Chinese carrier the line names beside the one the entry names ("电信宽带到期了冇续，移动
    # 的师傅下午来装好了300M，一年720" for "屋里宽带是电信100M，一年960元")
    named = {c for c in _CARRIERS_ZH if c in entry_text}
    if named and any(c in line_text for c in _CARRIERS_ZH - named):
        return True
    for found in _SWITCHED_TO.finditer(line_text):
        name = (found.group(1) or found.group(2)).strip()
        first = name.split()[0].casefold()
        if (
            name.casefold() not in entry
            and new.text.strip().casefold() not in name.casefold()
            and first not in CALENDAR_WORDS
            and not any(ch.isdigit() for ch in name)
        ):
            return True
    return False


_CARRIERS_ZH = frozenset(["电信", "移动", "联通", "广电"])
_SWITCHED_TO = re.compile(
    # (a line may open with the verb, and say it in Scots: "Went wi Aviva instead, £512")
    r"\b(?i:switch(?:ed|ing)?|mov(?:ed|ing)|chang(?:ed|ing)|went|go(?:ne|ing)) (?:\w+ ){0,3}?"
    r"(?i:to|with|wi|tae|over to|ower tae) (?:the )?([A-Z][\w&.'-]*(?: [A-Z][\w&.'-]*)*)"
    # a number ported to a network, written as the network writes itself ("Ported his number
    # over to giffgaff, £10 a month" for "on EE, £28 a month")
    r"|\b(?i:port(?:ed|ing)?) (?:\w+ ){0,3}?(?i:over )?(?i:to) ([\w&.'-]+)"
)


ENDED_EARLY_DAYS = 45
"""Days before the last day an entry names by which a thing said to have ended ended early:
a change, not its end as planned ("K950 a month until August 2026" and, on 12 June, "paid the
whole balance; the loan is finished")."""


def _ended_early(entry: Entry, line: SourceLine, words: str) -> bool:
    """The line says the entry's thing ended (the word with no object after it: "the loan
    is finished, no more K950", not "Tom finished battery door v3") well before the last
    day the entry names."""
    if line.day is None or not re.search(
        rf"\b{re.escape(words)}(?:\s*[,.;:!?，。；—–-]|\s*$)", line.text, re.IGNORECASE
    ):
        return False
    days = [
        m.day if m.has_year else nearest_year(m.day, line.day)
        for m in date_mentions(entry.text, line.day.year)
    ]
    return bool(days) and (max(days) - line.day).days > ENDED_EARLY_DAYS


def _runs_longer(entry: Entry, line: SourceLine) -> bool:
    """The line gives the entry's thing a new end well after the one the entry gives
    ("renewed na ang CPC ng unit 1, valid hanggang August 2031" for "CPC ... expires August
    2026; renewal through the coop"): renewed and changed, not only done."""
    if line.day is None:
        return False
    ends = [m.day for m in date_mentions(entry.text, line.day.year) if m.has_year]
    later = [m.day for m in date_mentions(line.text, line.day.year) if m.has_year]
    return bool(ends) and bool(later) and max(later) > max(ends) + timedelta(days=180)


def _on_its_day(entry: Entry, line: SourceLine) -> bool:
    """The line was written on the day the entry names: the day came ("RDV préfecture 18
    nov" and, on 18 Nov, "No more préfecture for 4 years"), which makes the entry stale,
    not changed."""
    if line.day is None:
        return False
    for mention in date_mentions(entry.text, line.day.year):
        day = mention.day if mention.has_year else nearest_year(mention.day, line.day)
        if day == line.day:
            return True
    return False


_WITH_VALUE = (WHY_VALUE, WHY_KIND_VALUE)


def _change_words(why: Phrase) -> str | None:
    """The change words a possible-update's reason quotes (``says "..."``), if any."""
    if why.template not in (SAYS, SAYS_DATE_CHANGE):
        return None
    words = why.arg("words")
    return str(words) if words else None


def _task_done(entry: Entry, words: str | None) -> bool:
    """The change words are the entry's own task ("cancel before 10 Oct" / "cancelled",
    "8 月底前要发起续签" / "续签"): the line says it was done."""
    if words is None or not _DONE.search(words):
        return False
    if has_cjk(words):
        core = words.rstrip("了").lstrip("已经")
        return bool(core) and core[0] in normalize(entry.text) and core[:2] in normalize(entry.text)
    own = subject_tokens(entry.text)
    return any(
        stem(w) in own
        or stem(w).rstrip("ed") in own
        # "cancelled" / "submitted" for "cancel" / "submit" (stemmed "cancell", "submitt")
        or any(len(t) >= 4 and w.startswith(t) for t in own)
        # "renewed" for "renewal" (stemmed "renew", a head of the entry's word)
        or any(len(stem(w)) >= 5 and t.startswith(stem(w)) for t in own)
        for w in re.findall(r"[a-z]+", words.lower())
    )


def _unique_ids(findings: list[Finding]) -> list[Finding]:
    """The same text twice gives the same id; later copies get ``-2``, ``-3``..."""
    seen: dict[str, int] = {}
    out: list[Finding] = []
    for finding in findings:
        count = seen.get(finding.id, 0) + 1
        seen[finding.id] = count
        out.append(finding if count == 1 else replace(finding, id=f"{finding.id}-{count}"))
    return out


def budget_finding(budget: BudgetInfo, memory_text: str, sha: str) -> Finding | None:
    if budget.memory_chars <= NEAR_LIMIT * budget.effective_max and not budget.truncated:
        return None
    lines = memory_text.split("\n")
    percent = round(100 * budget.ratio)
    if budget.truncated and budget.cut_start_line is not None:
        start, end = budget.cut_start_line, budget.cut_end_line or budget.cut_start_line
        reason = phrase(
            OVER_BUDGET,
            chars=f"{budget.memory_chars:,}",
            limit=f"{budget.effective_max:,}",
            percent=percent,
            start=start,
            end=end,
            cut=f"{budget.cut_chars:,}",
        )
        text = "\n".join(lines[start - 1 : end])
        score = 1.0
    else:
        start, end = 1, max(1, len(lines) - (1 if lines and lines[-1] == "" else 0))
        reason = phrase(
            NEAR_BUDGET,
            chars=f"{budget.memory_chars:,}",
            limit=f"{budget.effective_max:,}",
            percent=percent,
        )
        text = ""
        score = 0.6
    key = hashlib.sha1(f"budget:{budget.memory_chars}:{budget.effective_max}".encode()).hexdigest()[
        :16
    ]
    return Finding(
        id=finding_id(BUDGET, key, ()),
        kind=BUDGET,
        path=MEMORY_PATH,
        start_line=start,
        end_line=end,
        text=text,
        reason=str(reason),
        score=score,
        evidence=(),
        entry_key=key,
        file_sha256=sha,
        reason_phrase=reason,
    )


_ITALIC_LINE = re.compile(r"([*_])(?![*_\s]).*\S\1")


def _remark(entry: Entry) -> bool:
    """The file's opening remark, one italic line ("*Kept by the agent for Mamadou; last
    tidied 31 Jan.*"): about the file, not a fact to review."""
    raw = entry.raw.strip()
    return "\n" not in raw and _ITALIC_LINE.fullmatch(raw) is not None


def review_workspace(
    workspace: Workspace,
    now: datetime | date | None = None,
    *,
    state_dir: Path | None = None,
    agent_id: str | None = None,
    kinds: Iterable[str] | None = None,
    record_first_seen: bool = True,
    include_hidden: bool = False,
    cancel: Callable[[], bool] | None = None,
    embedder: Embedder | None = None,
) -> HealthReport:
    """Review ``MEMORY.md`` of ``workspace`` as of ``now`` (default: the current time);
    the bootstrap caps come from ``<state_dir>/openclaw.json`` for ``agent_id``;
    ``embedder``: the loaded embedding model (None: duplicates by their words only)."""
    moment = now or datetime.now().astimezone()
    today = moment.date() if isinstance(moment, datetime) else moment
    wanted = tuple(kinds) if kinds else KINDS
    memory_text, sha = read_memory(workspace)
    first_seen = FirstSeen(workspace.root)
    entries = split_entries(memory_text)
    if record_first_seen and memory_text:
        first_seen.record(entries, today)
    sources = collect_sources(workspace, cancel=cancel)
    actions = AuditLog(workspace.root).active()
    findings = compute_findings(
        memory_text,
        sources,
        today,
        memory_sha=sha,
        first_seen=first_seen,
        recalled=_recalls(workspace.root),
        kinds=wanted,
        cancel=cancel,
        embedder=embedder,
        rewritten=rewritten_on(actions),
    )
    budget = measure_budget(workspace.root, memory_text, state_dir, agent_id)
    if BUDGET in wanted:
        found = budget_finding(budget, memory_text, sha)
        if found is not None:
            findings.append(found)
    hidden = 0
    if not include_hidden:
        state = decisions(actions)
        kept: list[Finding] = []
        for finding in findings:
            if state.hides(finding.id, finding.kind, finding.entry_key, today):
                hidden += 1
            else:
                kept.append(finding)
        findings = kept
    counts = {kind: sum(1 for f in findings if f.kind == kind) for kind in KINDS}
    stamp = moment.isoformat() if isinstance(moment, datetime) else moment.isoformat()
    return HealthReport(tuple(findings), budget, MEMORY_PATH, sha, stamp, hidden, counts)
