"""Dates as people write them in memory: day/month in numbers, a weekday before a day, a
month and year in words; what they make stale, and what they keep apart."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from reverie.core.health.findings import review_workspace
from reverie.core.health.model import DUPLICATE, STALE
from reverie.core.health.values import date_mentions, dates_differ, two_way_dates
from reverie.core.workspace import Workspace

from .conftest import make_workspace

NOW = date(2026, 12, 1)


def _days(text: str) -> list[str]:
    return [m.day.isoformat() for m in date_mentions(text, 2026)]


def test_day_and_month_in_numbers_only_when_one_order_is_a_date() -> None:
    assert _days("Asbestos inspection booked Fri 28/08, SafeAir Testing, 8am.") == ["2026-08-28"]
    assert _days("Tax returns due 31/10") == ["2026-10-31"]
    assert _days("due 10/28.") == ["2026-10-28"]
    for text in ("open 24/7", "3/4 done", "BP 130/85", "PLN26/0417", "score 21/15", "7/11"):
        assert _days(text) == [], text


def test_a_year_written_with_two_digits() -> None:
    assert _days("Tax returns due 31/10/26") == ["2026-10-31"]
    assert _days("call back 5/13/26") == ["2026-05-13"]
    for text in ("v1.2.26 release", "ratio 3/4/205", "PLN26/04/17"):
        assert _days(text) == [], text
    assert [d.text for d in two_way_dates("on 11/7/26.")] == ["11/7/26"]
    assert two_way_dates("ref PLN05/11/26") == []


def test_a_two_digit_year_date_that_reads_two_ways_is_stale_once_both_readings_passed(
    tmp_path: Path,
) -> None:
    memory = "# MEMORY.md\n\n- Kimani's academic clinic at Dagoretti High on 11/7/26.\n"
    root = make_workspace(tmp_path / "ws", memory, {})
    report = review_workspace(Workspace(root), NOW, record_first_seen=False)
    assert [f.start_line for f in report.findings if f.kind == STALE] == [3]


def test_days_as_italian_polish_turkish_korean_and_taiwanese_notes_write_them() -> None:
    assert _days("Trip to Józef's farm over the majówka, 3 maja") == ["2026-05-03"]
    assert _days("wesele in Tarnów, 20 czerwca 2026") == ["2026-06-20"]
    assert _days("Büşra's wedding in Kayseri, 6 Eylül") == ["2026-09-06"]
    assert _days("Festa: sabato 2 maggio, sera") == ["2026-05-02"]
    assert _days("Nail expo in Long Beach 3월 8일") == ["2026-03-08"]
    assert _days("115年3月14日 民宿協會會員大會") == ["2026-03-14"]  # the Republic of China's 115
    assert _days("Catering Alexa's quinceañera in Laredo 6/6") == ["2026-06-06"]
    assert _days("Quinn upstairs (flat 1/1) holds the spare key") == []
    assert _days("Jaargesprek Rabobank with Hans Mulder: 23-04-2026, 10:00.") == ["2026-04-23"]
    assert _days("Sinterklaas op 5 december, pakjesavond; Mees jarig 14 maart") == [
        "2026-12-05",
        "2026-03-14",
    ]


def test_a_day_and_month_with_a_dot_when_a_word_or_a_time_says_it_is_a_day() -> None:
    assert _days("Mama's okulista on 18.09 at 10:00") == ["2026-09-18"]
    assert _days("przełożone na 2.10, o 9:30") == ["2026-10-02"]
    assert _days("Organizing the 春节联欢 on 21.02 (Festsaal)") == ["2026-02-21"]
    for text in ("Ubuntu 22.04", "HiWi pay: 17.12 €/h", "python svcs on 3.10", "ratio 21.03"):
        assert _days(text) == [], text


def test_one_off_days_worded_in_other_languages_are_stale(tmp_path: Path) -> None:
    memory = (
        "# MEMORY.md\n\n"
        "- Festa 25 anni di matrimonio: sabato 2 maggio, sera, Borgo Marinari.\n"
        "- Rinnovo permesso dehors: domanda al Comune entro 31/03/2026.\n"
        "- Cousin Dorota's wesele in Tarnów, 20 czerwca 2026; Aga + Zosia go.\n"
        "- Lease renewal meeting with Steve Oh 9월 18일 2pm at the salon.\n"
        "- Galatasaray–Fenerbahçe derbi 19.10.2026 — Emre got two tickets.\n"
        "- Kobi's son Liam's bar mitzvah 3.9.26, hall in Rishon.\n"
        "- Mum's hip kontrola at Nemocnice Kolín, 18. 3. 2026 at 9:40 — Petr drives her.\n"
        "- 明年正月十五以前交下一年的房租。\n"
        "- Nunta Cristescu, 13.06.2026: full flowers contract, 3.800 lei.\n"
    )
    notes = {"memory/2026-05-03.md": "# 2026-05-03\n\n- Festa ieri sera al Borgo Marinari.\n"}
    root = make_workspace(tmp_path / "ws", memory, notes)
    report = review_workspace(Workspace(root), NOW, record_first_seen=False)
    assert sorted(f.start_line for f in report.findings if f.kind == STALE) == [
        3,
        4,
        5,
        6,
        7,
        8,
        9,
        11,
    ]


def test_days_as_hungarian_czech_and_israeli_notes_write_them() -> None:
    assert _days("Apu's next pacemaker kontroll: 2026. 05. 12., 9:00") == ["2026-05-12"]
    assert _days("Gábor's 50th: party in the bakery after closing, július 11.") == ["2026-07-11"]
    assert _days("Picanto test booked 22.3.26 at the Holon test station") == ["2026-03-22"]
    assert _days("Mum's hip kontrola at Nemocnice Kolín, 18. 3. 2026 at 9:40") == ["2026-03-18"]
    assert _days("birthday party in the back room, Saturday 11. 4., about 20 kids") == [
        "2026-04-11"
    ]
    assert _days("Darts league final 14. června at 18:00") == ["2026-06-14"]
    assert _days("steps 1. 2. 3. done") == []
    assert _days("Hiace katsastus due by 31.5.") == ["2026-05-31"]
    assert _days("Trip to Kuopio to see dad 3.–5.4.") == ["2026-04-05"]
    assert _days("Helsingin Yrittäjät spring meeting 24. huhtikuuta.") == ["2026-04-24"]
    for text in ("rate 3.5%", "growth was 3.5.", "due by 12.50."):
        assert _days(text) == [], text
    for text in ("python 3.11.12", "v2.3.26", "firmware 1.2.3.26"):
        assert _days(text) == [], text


def test_a_month_and_year_in_words_is_its_last_day() -> None:
    assert _days("Skoda NCT is due Oct 2026.") == ["2026-10-31"]
    assert _days("late September 2026") == ["2026-09-30"]


def test_what_becomes_stale(tmp_path: Path) -> None:
    memory = (
        "# MEMORY.md\n\n"
        "- Club table quiz fundraiser is Friday 9th October in Walsh's.\n"
        "- Skoda NCT is due Oct 2026.\n"
        "- Tax returns due 31/10, lodging ourselves this year.\n"
        "- Marathon PB: 3:07:42 (Melbourne Marathon, Oct 2025).\n"
        "- Aoife's Yaris NCT is due March 2027.\n"
    )
    root = make_workspace(tmp_path / "ws", memory, {})
    report = review_workspace(Workspace(root), NOW, record_first_seen=False)
    stale = sorted(f.start_line for f in report.findings if f.kind == STALE)
    assert stale == [3, 4, 5]  # a record of a month is history; a month ahead is ahead


def test_dated_and_undated_or_differently_dated_entries_are_not_duplicates(
    tmp_path: Path,
) -> None:
    assert dates_differ(
        "10k PB 39:50, Sri Chinmoy Albert Park, Feb 2025.", "Sri Chinmoy 10k, Sun 6 Dec 2026"
    )
    assert not dates_differ("Hannah's birthday 22 March.", "Hannah bday = 22/03")
    assert not dates_differ("Hannah's birthday 22 March.", "Partner Hannah, teacher.")
    memory = (
        "# MEMORY.md\n\n"
        "- 10k PB 39:50 — Sri Chinmoy Albert Park, Feb 2025.\n"
        "- Sri Chinmoy 10k, Albert Park, Sun 6 Dec 2026 — entered.\n"
        "- Hannah's birthday 22 March.\n"
        "- Hannah bday = 22/03\n"
    )
    root = make_workspace(tmp_path / "ws", memory, {})
    report = review_workspace(Workspace(root), NOW, record_first_seen=False)
    assert [f.start_line for f in report.findings if f.kind == DUPLICATE] == [6]


def test_a_line_written_on_the_entrys_day_makes_it_stale_not_changed(tmp_path: Path) -> None:
    memory = (
        "# MEMORY.md\n\n"
        "- RDV préfecture (Cité) for the titre renewal: 18 nov 2026 at 9h10, bring the dossier.\n"
    )
    notes = {
        "memory/2026-11-18.md": "# 2026-11-18\n\n- Préfecture 9h10 → waited 2h but I GOT IT: carte"
        " pluriannuelle. No more préfecture for 4 years!!!\n",
    }
    root = make_workspace(tmp_path / "ws", memory, notes)
    report = review_workspace(Workspace(root), NOW, record_first_seen=False)
    assert [f.kind for f in report.findings] == [STALE]


def test_a_day_without_a_year_is_read_near_when_its_subject_was_live(tmp_path: Path) -> None:
    memory = (
        "# MEMORY.md\n\n"
        "- Gert's herd TB test booked for 24 Feb.\n"  # the notes talked of it in February
        "- Lerato's science expo project due 27 Feb.\n"  # never mentioned: the notes' middle
        "- Flights to Lisbon booked for 14 Feb, Marta's wedding.\n"  # talked of last week
        "- Biscuit's annual booster due 3 Sept 2026.\n"  # a yearly task's dated deadline
        "- Fire extinguisher service every year by 31 March 2026.\n"
        "- Spring Festival 2027 (Feb 6): flying home.\n"  # the year the entry names
        "- Insured with Intact; renews every year on 15 May, through the broker.\n"
        "- 国庆打算带小雨回万州见姐姐。\n"
        "- Must book the Sanddrif chalet by end Feb.\n"
    )
    notes = {
        "memory/2026-02-10.md": "# 2026-02-10\n\n- Called Gert about the TB test for the herd.\n",
        "memory/2026-03-02.md": "# 2026-03-02\n\n- Sanddrif chalet still not booked.\n",
        "memory/2026-11-24.md": "# 2026-11-24\n\n- Marta sent the wedding details; Lisbon"
        " flights sorted.\n",
        "memory/2026-11-28.md": "# 2026-11-28\n\n- Quiet day at the clinic.\n",
    }
    root = make_workspace(tmp_path / "ws", memory, notes)
    report = review_workspace(Workspace(root), NOW, record_first_seen=False)
    stale = sorted(f.start_line for f in report.findings if f.kind == STALE)
    assert stale == [3, 4, 6, 7, 10, 11]


def test_a_first_seen_day_is_only_the_latest_an_entry_was_written(tmp_path: Path) -> None:
    memory = "# MEMORY.md\n\n- Gert's herd TB test booked for 24 Feb.\n"
    notes = {"memory/2026-02-10.md": "# 2026-02-10\n\n- Called Gert about the TB test.\n"}
    root = make_workspace(tmp_path / "ws", memory, notes)
    first = review_workspace(Workspace(root), NOW)  # records today as the first-seen day
    assert [f.kind for f in first.findings] == [STALE]
    again = review_workspace(Workspace(root), NOW)
    assert [f.kind for f in again.findings] == [STALE]


def test_easter_of_a_year_a_span_of_months_and_appointments_made(tmp_path: Path) -> None:
    memory = (
        "# MEMORY.md\n\n"
        "- Pledged KSh 50,000 to the harambee, to be cleared before Easter 2026.\n"
        "- 妈妈 in Sydney on visitor visa (subclass 600) Feb–Aug 2026.\n"
        "- 朗逸 6 万公里保养已约好 2 月 28 日，光谷大众 4S 店。\n"
        "- Chloe sitting the Selective High School Placement Test 2 May 2026.\n"
        "- Grace's payout from the chama is in June 2026.\n"
        "- Christmas 2026 at Mum's in Nyeri.\n"
    )
    notes = {"memory/2026-02-20.md": "# 2026-02-20\n\n- 朗逸保养约好了。\n"}
    root = make_workspace(tmp_path / "ws", memory, notes)
    report = review_workspace(Workspace(root), NOW, record_first_seen=False)
    stale = sorted(f.start_line for f in report.findings if f.kind == STALE)
    assert stale == [3, 4, 5, 6, 7]  # Christmas 2026 is ahead


def test_a_day_is_read_near_the_notes_about_it_and_parts_of_months(tmp_path: Path) -> None:
    memory = (
        "# MEMORY.md\n\n"
        "- Anne's sister Jean staying in the spare room until 10 February.\n"
        "- Leeds trip 18-25 April 2026 for Isla's birthday — TAP flights booked.\n"
        "- 在通达驾校学车，科目二约在 3 月中旬。\n"
        "- 报名了 1 月底冰雪大世界旁的业余速滑赛，500 米组。\n"
        "- 春节回成都: fly 2026-02-12, back 2026-02-28.\n"
        "- Isla born 12 May 2025.\n"
    )
    notes = {
        # Jean's stay was talked of in February; Graham and Meg in every note
        "memory/2026-02-04.md": "# d\n\n- Jean arrived; spare room made up. Graham and Meg came.\n",
        "memory/2026-02-11.md": "# d\n\n- Jean flew home. Graham and Meg for dinner.\n",
        "memory/2026-03-02.md": "# d\n\n- Graham and Meg golf.\n",
        "memory/2026-11-20.md": "# d\n\n- Graham and Meg at the club; Meg's knee better.\n",
        **{
            f"memory/2026-{m:02d}-15.md": f"# d\n\n- Graham and Meg, walk {m}.\n"
            for m in range(4, 11)
        },
    }
    root = make_workspace(tmp_path / "ws", memory, notes)
    report = review_workspace(Workspace(root), NOW, record_first_seen=False)
    stale = sorted(f.start_line for f in report.findings if f.kind == STALE)
    assert stale == [3, 4, 5, 6, 7]


def test_the_day_an_entry_says_it_was_written_and_quotes_in_place(tmp_path: Path) -> None:
    memory = (
        "# MEMORY.md\n\n"
        "- 下周二和王经理开评审会（写于 2026-08-03）\n"
        "- 2026-09-15 前完成季度报告\n"
        "- 住家护工系阿芳，2024年3月开始做。\n"
    )
    root = make_workspace(tmp_path / "ws", memory, {"memory/2026-11-01.md": "# d\n\n- x\n"})
    report = review_workspace(Workspace(root), NOW, record_first_seen=False)
    reasons = {f.start_line: f.reason for f in report.findings if f.kind == STALE}
    assert reasons == {
        3: '"下周" was written 120 days ago (2026-08-03)',
        4: '"2026-09-15 前": 2026-09-15 has passed (77 days ago)',
    }


def test_a_day_something_was_bought_is_history(tmp_path: Path) -> None:
    memory = "# MEMORY.md\n\n- 咖啡机是辣妈 Linea PB 双头，2023 年 5 月买的，每半年保养一次。\n"
    root = make_workspace(tmp_path / "ws", memory, {"memory/2026-11-01.md": "# d\n\n- x\n"})
    report = review_workspace(Workspace(root), NOW, record_first_seen=False)
    assert [f.kind for f in report.findings] == []


def test_a_birthday_or_anniversary_said_twice_is_a_duplicate(tmp_path: Path) -> None:
    memory = (
        "# MEMORY.md\n\n"
        "- Wedding anniversary: 9 February (married 2013 at Guruvayur temple).\n"
        "- Mum's birthday: 9 February.\n"  # another person's day: no duplicate
        "- Client Permata: FYE 31 Dec.\n"
        "- Client MediCare: FYE 31 Dec.\n"  # two deadlines on one day: no duplicate
        "- Anniversary is 9 Feb — usually dinner at Ashiana.\n"
    )
    root = make_workspace(tmp_path / "ws", memory, {})
    report = review_workspace(Workspace(root), NOW, record_first_seen=False)
    assert [(f.start_line, f.reason) for f in report.findings if f.kind == DUPLICATE] == [
        (7, "near-duplicate of line 3: the same day (9 Feb) of the same thing")
    ]


def test_a_day_near_the_year_the_entry_names(tmp_path: Path) -> None:
    memory = (
        "# MEMORY.md\n\n"
        "- Registration appt for Winter 2027 is Nov 12 at 9am.\n"  # talked of in Nov 2026
        "- 租约签到 2027 年 6 月底，到期前三个月要跟黄姐谈续租。\n"  # June 2027: ahead
        "- 2026年6月底前要去社区办好出租登记。\n"  # June 2026: passed
    )
    notes = {"memory/2026-11-05.md": "# d\n\n- Registration appt for Winter term booked.\n"}
    root = make_workspace(tmp_path / "ws", memory, notes)
    report = review_workspace(Workspace(root), NOW, record_first_seen=False)
    assert sorted(f.start_line for f in report.findings if f.kind == STALE) == [3, 5]


def test_days_of_the_chinese_lunar_calendar() -> None:
    assert _days("农历八月十五全家去济南闺女家过节") == ["2026-09-25"]
    assert _days("老年大学放寒假了，正月十六开学") == ["2026-03-04"]
    assert _days("中秋回老家，端午节前交") == ["2026-09-25", "2026-06-19"]
    assert _days("2026年春节，除夕") == ["2026-02-17", "2027-02-05"]
    # the end of one lunar year to the start of the next
    assert _days("过年歇业：腊月26～正月初4。") == ["2026-02-13", "2026-02-20"]
    # not a lunar day: a day written in Chinese numbers (a day of the Gregorian month), an
    # event named after a festival
    assert _days("八月十五日") == ["2026-08-15"]
    assert _days("met at the CSSA 春节 party") == []


def test_a_lunar_day_that_has_passed_is_stale(tmp_path: Path) -> None:
    memory = (
        "# MEMORY.md\n\n"
        "- 农历八月十五全家去济南闺女家过节\n"
        "- 老年大学放寒假了，正月十六开学，电子琴班接着上\n"
        "- 每天晚上去广场跳舞\n"
    )
    notes = {"memory/2026-02-03.md": "# 2026-02-03\n\n- 老年大学放寒假了。\n"}
    root = make_workspace(tmp_path / "ws", memory, notes)
    report = review_workspace(Workspace(root), NOW, record_first_seen=False)
    assert sorted(f.start_line for f in report.findings if f.kind == STALE) == [3, 4]


def test_lunar_days_follow_the_published_calendar_where_new_moons_meet_midnight() -> None:
    from reverie.core.text.lunar import lunar_to_solar

    # new moons a few minutes either side of midnight in Beijing (an astronomical
    # calendar computed with a small error gets these a day wrong)
    assert lunar_to_solar(2027, 1, 1) == date(2027, 2, 6)
    assert lunar_to_solar(2030, 1, 1) == date(2030, 2, 3)
    assert lunar_to_solar(2035, 8, 15) == date(2035, 9, 16)
    # 2023's leap second month, and the days a month lacks
    assert lunar_to_solar(2023, 2, 1, leap=True) == date(2023, 3, 22)
    assert lunar_to_solar(2023, 3, 1) == date(2023, 4, 20)
    assert lunar_to_solar(2024, 2, 1, leap=True) is None
    assert lunar_to_solar(2026, 2, 30) is None  # 二月 of 2026 has 29 days
    assert lunar_to_solar(1989, 1, 1) is None and lunar_to_solar(2061, 1, 1) is None
    assert _days("除夕前把年货办齐") == ["2027-02-05"]  # the eve of lunar 2027


def test_a_date_that_reads_two_ways_is_read_as_the_workspace_writes_dates(
    tmp_path: Path,
) -> None:
    """12/10/2026 is 10 December where the other dates are month first (not stale on 1
    December) and 12 October where they are day first."""
    entry = "- CCRN exam booked 12/10/2026, 8:00a, PSI testing center\n"
    us = "- Lease renewal due 10/31/2026\n- Flu shot clinic 9/30/2026\n"
    eu = "- Lease renewal due 31/10/2026\n- Flu shot clinic 30/09/2026\n"
    found = {}
    for name, others in (("us", us), ("eu", eu)):
        root = make_workspace(tmp_path / name, "# MEMORY.md\n\n" + entry + others, {})
        report = review_workspace(Workspace(root), NOW, record_first_seen=False)
        found[name] = {f.start_line for f in report.findings if f.kind == STALE}
    assert 3 not in found["us"]
    assert 3 in found["eu"]


def test_a_two_way_date_the_notes_report_done_soon_after_its_earlier_reading(
    tmp_path: Path,
) -> None:
    memory = "# MEMORY.md\n\n- Dental cleaning with Dr. Joshi, Aundh — 12/02/2026, 6 pm\n"
    done = {
        "memory/2026-02-14.md": "# 2026-02-14\n\n- Teeth cleaning with Dr. Joshi done on Thursday.\n"
    }
    before = {"memory/2026-01-20.md": "# 2026-01-20\n\n- Booked Dr. Joshi for a cleaning.\n"}
    stale = {}
    for name, notes in (("done", done), ("before", before)):
        root = make_workspace(tmp_path / name, memory, notes)
        report = review_workspace(Workspace(root), NOW, record_first_seen=False)
        stale[name] = [f.start_line for f in report.findings if f.kind == STALE]
    assert stale == {"done": [3], "before": []}


def test_a_yearly_event_dated_with_its_weekday_is_one_day(tmp_path: Path) -> None:
    memory = (
        "# MEMORY.md\n\n"
        "- Mira's school annual day: Saturday 7 Feb 2026, 4 pm — Rohan must be in Pune\n"
        "- Annual health check-up, next one 7 Feb 2026 at Ruby Hall\n"  # no weekday
        "- Club annual dinner: Friday 7 Feb 2026\n"  # 7 Feb 2026 is a Saturday
    )
    root = make_workspace(tmp_path / "ws", memory, {})
    report = review_workspace(Workspace(root), NOW, record_first_seen=False)
    assert [f.start_line for f in report.findings if f.kind == STALE] == [3]


def test_months_listed_a_part_of_a_named_month_and_a_new_year_of_a_year() -> None:
    assert _days("豆豆暑假期间（7、8月）白天放在茶行") == ["2026-08-31"]
    assert _days("3-4月装修店面") == ["2026-04-30"]
    assert _days("away until mid-March; early Oct 2026 trip") == ["2026-03-20", "2026-10-10"]
    assert _days("CNY 2026: 团圆饭 at parents' house") == ["2026-02-17"]
    assert _days("2026-7、8月") == ["2026-07-31"]  # a year and month, not a list


def test_a_time_that_lasts_from_a_dated_start_ends(tmp_path: Path) -> None:
    memory = (
        "# MEMORY.md\n\n"
        "- Trying the Grab Unlimited free trial for 3 months starting January 2026\n"
        "- Gym intro offer for 2 weeks from 28 Nov 2026\n"
        "- Netflix for a year starting March 2026\n"
    )
    root = make_workspace(tmp_path / "ws", memory, {})
    report = review_workspace(Workspace(root), NOW, record_first_seen=False)
    stale = {f.start_line: f.reason for f in report.findings if f.kind == STALE}
    assert list(stale) == [3]
    assert "2026-04-30 has passed" in stale[3]


def test_a_day_written_the_malay_way() -> None:
    from reverie.core.health.values import days_of_year

    assert days_of_year("Abang Faizal's birthday 9hb Sept — buat kek batik") == {(9, 9)}


def test_russian_months_scans_finals_and_flights_date_a_one_off(tmp_path: Path) -> None:
    assert _days("Nare's piano exam — 27 мая, Tchaikovsky school.") == ["2026-05-27"]
    assert _days("Dental congress in Tbilisi 23–25 апреля") == ["2026-04-25"]
    memory = (
        "# MEMORY.md\n\n"
        "- Cousin Hayk's wedding — 12 сентября, Etchmiadzin.\n"
        "- Tatik's knee MRI — 15.06.2026, Wigmore clinic, 9:30.\n"
        "- Davit's U17 final — 18.10.2026, Republican stadium.\n"
        "- Tenerife with Kev 12/01–26/01/2026, flights from Manchester.\n"
        "- Married Armen 14.06.2003, still in the same flat.\n"  # history, not a plan
    )
    root = make_workspace(tmp_path / "ws", memory, {})
    report = review_workspace(Workspace(root), NOW, record_first_seen=False)
    assert [f.start_line for f in report.findings if f.kind == STALE] == [3, 4, 5, 6]
