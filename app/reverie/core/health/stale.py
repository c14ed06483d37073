"""``stale``: entries whose own time has passed, or whose subject went quiet.

* **Time passed**: the entry is framed in time ("until Oct 12", "deadline 2026-10-01",
  "cutover Nov 14", "~12-04", 截止 10月12日) and that date is behind ``now``; or it uses a
  relative time ("next week", "this week", 本周, 下周, 明天) that only made sense when it was
  written, and it was written more than two weeks ago (or when is unknown).
  Birthdays, anniversaries and "every ..." dates recur and are never stale.
* **Gone quiet**: an entry about ongoing work ("currently", "working on", 正在, 目前) whose
  specific words have not been mentioned in any note, nor recalled (ledger), for
  ``quiet_days`` while the notes carry on.
"""

from __future__ import annotations

import calendar
import functools
import re
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, timedelta

from ..phrase import Phrase, phrase
from ..text.dates import MONTH_NAMES, MONTHS
from .entries import Entry
from .reasons import DATE_PASSED, LAST_MENTIONED, LAST_SEEN, QUIET, RELATIVE_OLD, RELATIVE_UNDATED
from .sources import SourceLine
from .text import is_specific, normalize, subject_tokens
from .values import (
    MAKES,
    MAKES_ZH,
    WEEKDAY_WORD,
    DateMention,
    date_mentions,
    day_first_order,
    nearest_year,
    two_way_dates,
    weekday_index,
)

_WEEKDAY_SHORT = r"(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day)?\.?"
"""A weekday, short or whole, that frames the date after it ("Fri 28/08")."""
_TIGHT_BEFORE = re.compile(
    r"(?:\b(?:until|till|by|before|through) the|\buntil|\btill|\bby|\bbefore|\bbooked(?: for| on)?|\btarget(?:ed)?(?: date)?(?: is)?|\beta|目标|\bdue(?: on| by)?|\bthrough|\bthru|\bends?(?: on)?|\bending(?: on)?|\bcloses?(?: on)?|\bclosing(?: on)?|"
    r"\bexpires?(?: on)?|\bdeadline(?: is)?|\bcutover(?: is| on)?|\bon|\bfrom|\bstarts?(?: on)?|截止(?:到|日期?)?|到期|直到|定在|安排在|于|"
    r"\bfly(?:ing)?|\bback|\bvisiting|\bafore(?: the)?|"  # Scots "afore", before
    # Spanish: until, before, on, due ("hasta el 15 de marzo", "antes del 30 de abril")
    r"\bhasta(?: el)?|\bantes del?|\bel|\bpara el|\bvence(?: el)?|"
    # German: on, until, from ("am 12.03.2026", "bis zum 30.04.", "ab 1. Mai")
    r"\bam|\bbis(?: zum)?|\bab|"
    r"\bw/c|期限|(?<![收拿得找看听想遇做办])到|约好|约了|约在|"
    # when a coming thing is ("the payout is in June 2026")
    r"\b(?:is|are|comes?|falls?) in"
    # a weekday before the date pins one day ("Friday 9th October", "Fri 28/08")
    rf"|\b{_WEEKDAY_SHORT}"
    # French: on, until, by, a weekday ("le 3 octobre", "jusqu'au 15/10", "mardi 3 novembre")
    r"|\ble|\bjusqu['’](?:au|à)|\bavant le|\bd['’]ici le"
    # German: until, valid until, by, due ("gültig bis 2026-09-30", "bis zum 3. März")
    r"|\b(?:gültig )?bis(?: zum| spätestens)?|\bfällig(?: am)?|\bfrist"
    r"|\b(?:lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche)"
    # Indonesian and Malay: before, at the latest, until, (on the) date, a weekday ("paling
    # lambat 13 Maret 2026", "sebelum 31 Maret", "tgl 18 Maret", "Sabtu 7 Maret")
    r"|\bsebelum|\bpaling lambat|\bsampai(?: tanggal| tgl\.?)?|\bhingga|\bpada|\btgl\.?|\btanggal"
    r"|\b(?:senin|selasa|rabu|kamis|jum'?at|sabtu|isnin|khamis)"
    # Portuguese: until, before, (on) the day, due, a weekday ("até 15/01", "dia 07/03",
    # "próxima sexta (30/01)")
    r"|\baté(?: o)?(?: dia)?|\bantes d[eo]|\bdia|\bvence(?: em| dia)?"
    r"|\b(?:segunda|terça|terca|quarta|quinta|sexta|sábado|sabado|domingo)(?:-feira)?"
    # Italian: by, expires (on), until, on, a weekday ("entro 31/03/2026", "scade 15/04",
    # "sabato 2 maggio"); Polish: until, on the day ("do 30.06", "dnia 12.03")
    r"|\bentro(?: il)?|\bscade(?: il)?|\bfino al|\bil"
    r"|\b(?:lunedì|martedì|mercoledì|giovedì|venerdì|sabato|domenica)|\bdo|\bdnia"
    # Swedish and Czech weekdays ("lördag 23/5", "sobota 11. 4.")
    r"|\b(?:måndag|tisdag|onsdag|torsdag|fredag|lördag|söndag|pondělí|úterý|středa|čtvrtek"
    r"|pátek|sobota|neděle)"
    # Latvian: until, by ("TA jāiziet līdz 30.04.2026")
    r"|\blīdz"
    # Spanish weekdays written short ("Inspección de Bomberos: vie 13/03/2026")
    r"|\b(?:lun|mar|mié|mie|jue|vie|sáb|sab|dom)\.?"
    # Estonian: at the latest, until ("esitada hiljemalt 30.04.2026"); Albanian: until, the
    # deadline ("deri 31 mars 2026", "afati 14 mars 2026")
    r"|\bhiljemalt|\bkuni|\bderi(?: më)?|\bafati)"
    r"[\s:：,~(（]*$",
    re.IGNORECASE,
)
_TIGHT_AFTER = re.compile(
    r"^\s*(?:之前|以前|前|为止|截[止稿标单]|到期|出发|上线|回来|开始(?!做|干|上班|工作)|开学|结束|续保|续约|续期|到货"
    r"|期末考|期中考|考试|还完|还清|付清"
    # Urdu in Latin letters: until, before ("March 2026 tak renew", "30 June se pehle")
    r"|tak\b|se pehle\b)"
)
_AT_TIME = re.compile(
    r"[\s,，(（)）]*(?:(?:星期|礼拜|周)[一二三四五六日天][)）]?\s?|(?<=[(（])[一二三四五六日天][)）]\s?)?"
    # (and as Latvian, Estonian, Albanian and Finnish say "at": "plkst. 17:00", "kell 9:30",
    # "ora 19:00", "klo 10")
    r"(?:at\s|à\s|às\s|um\s|a las\s|doors\s|plkst\.\s?|kell\s|ora\s|klo\s|,\s?)?"
    r"(?:\d{1,2}[:.]\d\d|\d{1,2}h(?:\d\d)?\b|\d{1,2}\s?(?:am|pm)\b|(?:早上|上午|中午|下午|晚上|晚)\s?\d{1,2}\s?[点:：]"
    # a part of that day ("芝麻 2月21号 上午 打 猫三联 加强针"), in Cantonese and Teochew
    # too ("3月18号下昼去补牙")
    r"|(?:早上|上午|中午|下午|晚上)(?=\s)|上昼|下昼|晏昼|夜昏)",
    re.IGNORECASE,
)
"""A time of day right after the date: an appointment ("Aug 6 at 9:40am", "18/11 à 10h15",
8月4日（星期二）早上9点, 2026-09-12（六）10:30).
Used with ``match(text, pos)``, which anchors at ``pos`` (a ``^`` would anchor at the start of
the text and never match there)."""
_FRAME = re.compile(
    r"\bdeadline\b|\bcutover\b|\bscheduled\b|\bplanned\b|\bplan(?:s|ning)? to\b|\bwill\b|\bgoing to\b|"
    r"\bon leave\b|\blaunch\w*|\bgo-live\b|\bfreeze\b|\bappointment\b|\bflights?\b|\btrip\b|\bvisit\w*|"
    r"\breturns?\b|\bback on\b|\bout of office\b|\bexpir\w*|\bdue\b|\buntil\b|"
    # an operation or an enrolment on a day ("Mama's cataract operation: Feb 20"), a scan
    # ("Tatik's knee MRI — 15.06.2026"), a cup final ("Davit's U17 final — 18.10.2026")
    r"\boperation\b|\benrol(?:l)?ment\b|\bmri\b|\bx-?ray\b|\bultrasound\b|\bfinal\b|"
    # someone coming round on a day, a church's harvest ("ACER inspector comes to grade the
    # barrels: 12 mai 2026", "Church harvest thanksgiving 18th Oct — pledged ₦200k"), a
    # festival spent somewhere ("八月十五中秋节磊娃两口子回成都过节")
    r"\bcom(?:es|ing) (?:to|round|over|by)\b|\bharvest\b|\bthanksgiving\b|过节|"
    # German: an appointment (Notartermin), an operation (Knie-OP), a general meeting, a
    # fête, a coach trip, a party ("MR-Jahreshauptversammlung 06.03.2026", "Gründungsfest
    # ... Sonntag 14.06.2026", "MR-Busfahrt to the EuroTier, 10.–11. November")
    r"termin\b|(?<!co-)\bop\b|versammlung\b|fest\b|festzug\b|fahrt\b|feier\b|\bhochzeit\b|"
    # Latvian: a wedding, a vaccination, an appointment, a meeting ("Zanes & Māra kāzas
    # 20.06.2026", "Bulkai vakcinācija 11.03.2026 plkst. 17:00")
    r"\bkāzas\b|\bvakcinācij\w*|\bpieraksts\b|\btikšanās\b|"
    # Estonian: an appointment, a concert, a school holiday, a wedding, a meeting, a flight,
    # a trip ("Hambaarsti aeg 18.03.2026", "Koolivaheaeg 23.02–1.03.2026")
    r"\baeg\b|\bkontsert\w*|vaheaeg\b|\bpulm\w*|\bkoosolek\w*|\blend\b|\breis\b|"
    # Albanian: a wedding, a meeting, a flight, a check, an inspection, an exam ("Dasma e
    # kushërirës Eni", "Mbledhja e banorëve", "fluturim BLQ→TIA", "Kolaudimi i Mercedesit")
    r"\bdasm[aë]\b|\bmbledhj\w*|\bfluturim\w*|\bkolaudim\w*|\btakim\w*|\bprovim\w*|"
    # Maltese: a wedding, exams, a meeting, a trip, a flight, an appointment ("Tieġ ta' Claire
    # 12/09/2026", "eżamijiet ta' Ġunju, l-aħħar wieħed 19/06/2026")
    r"\btieġ\b|\beżam\w*|\blaqgħa\b|\bvjaġġ\b|\btitjir\w*|\bappuntament\w*|"
    # Spanish: an inspection, a tournament, a shift booked ("Inspección de Bomberos", "Torneo
    # de Thiago en Salto")
    r"\binspecci[oó]n\b|\btorneo\b|\bturno\b|"
    # the next time something happens ("下次 cleaning 2026-04-20", "next check-up 3 Nov")
    r"\bnext\b|下次|下一次|次回|"
    r"截止|到期|计划|打算|预计|将于|将在|直到|上线|出差|请假|休假|回来|返回|安排|要在|会在|"
    # taking part, this year's ("6月下旬参加学业水平合格考", "今年春节是2月17日")
    r"参加|今年|"
    # Vietnamese: expires, closed, flies back, an exam, a pick-up ("hết hạn 31/3/2026")
    r"hết hạn|đóng cửa|bay về|\bthi\b|\bđón\b|"
    r"考试|面试|体检|复查|预约|航班|婚礼|手术|保养|排班|夜班|白班|时间[是为:：]?|"
    # a holiday's first day or work's restart ("工厂2月10号放年假，正月初十开工")
    r"放假|放年假|开工|复工|"
    # a fair or a show ("4月下旬去广州广交会第三期看家居新品")
    r"展会|博览会|交易会|广交会|展览会|参展|"
    # a family dinner or a feast on a day ("團年飯 2026-02-16 at Kelvin's place")
    r"团年饭|年夜饭|团圆饭|寿宴|婚宴|喜酒|满月酒|"
    # tickets bought for it ("復活節 (4月3-6日) 一家三口去大阪，機票已經買咗")
    r"机票|车票|高铁票|船票|门票|"
    # events on a day: a race, a festival slot, a meeting, a worker coming round
    r"\bappt\b|\brace\b|\bmarathon\b|\bfestival\b|\bconcert\b|\bgig\b|\bwedding\b|\bparty\b|"
    r"\bconference\b|\bmeeting\b|\bexpo\b|\bworkshop\b|\bevent\b|\bexams?\b|\btest\b|"
    # French: an appointment ("RDV 09/09 à 14h30")
    r"\brdv\b|\brendez-vous\b|"
    # an operation, a wedding, a party, a match, a visit, an appointment in Italian, Polish,
    # Turkish, Spanish and Korean ("Festa 25 anni di matrimonio: sabato 2 maggio", "Cousin
    # Dorota's wesele in Tarnów, 20 czerwca 2026", "derbi 19.10.2026", "la cita", "결혼식")
    r"\bsurgery\b|\bfesta\b|\bpartita\b|\bvisita\b|\bappuntamento\b|\bmatrimonio\b|"
    r"\bwesele\b|\bwizyta\b|\bślub\b|\bwyjazd\b|\bosiemnastka\b|"
    r"\bdüğün\w*|\brandevu\w*|\bameliyat\w*|\bmaç\w*|\bderbi\b|\btoplantı\w*|"
    r"\bcita\b|\bboda\b|\bquincea[ñn]era\b|"
    r"예약|미팅|결혼식|수술|"
    # a check-up, an exam, a parents' evening in Hungarian; a bar or bat mitzvah ("Apu's next
    # pacemaker kontroll: 2026. 05. 12.", "Szülői értekezlet", "Liam's bar mitzvah 3.9.26")
    r"\bkontroll\b|\bvizsga\w*|\bértekezlet\b|\bba[rt] mitzvah\b|"
    # Czech and Swedish: a check-up, a celebration, a party ("Mum's hip kontrola", "6-årskalas
    # lördag 23/5"); an expected birth (预产期)
    r"\bkontrol[auy]\b|\boslav\w*|kalas\b|预产期|"
    # a wedding in Romanian ("Nunta Cristescu, 13.06.2026")
    r"\bnunt[aăi]\b|"
    r"展会|家长会|会议|聚会|派对|健检|演出|比赛|赛(?![季道车])|来(?:修|洗|装|看|收)|旅游|旅行|去\S{1,6}玩|"
    r"\bexpected\b|\bentered\b|\btraining\b|\binspection\b|\baudit\b|"
    r"培训|检查|来查|开会|(?<!过)年会|值班|出差|复诊|期限|截稿|到货|开放日|\btermin\b|\bcheck-?up\b|"
    r"\bréunion\b|\béchéance\b|\bexamen\b|\bentretien\b|\bconcours\b|\bvacances\b|"
    # Indonesian and Malay: schedule, appointment, ticket, train, flight, going home for the
    # holiday, meeting, event, exam, report (a tax return)
    r"\bjadwal\b|\bjanji\b|\btiket\b|\bkereta\b|\bpenerbangan\b|\bmudik\b|\bbalik kampung\b|"
    r"\brapat\b|\bacara\b|\bujian\b|\blapor\b|"
    # Portuguese: appointment, meeting, course, exam, trip, flight, deadline, hand in, renew;
    # Urdu in Latin letters: wedding, exam
    r"\bconsulta\b|\breuni[aã]o\b|\bcurso\b|\bprova\b|\bexame\b|\bviagem\b|\bvoo\b|\bprazo\b|"
    r"\bentregar\b|\brenovar\b|\bshaadi\b|\bimtihan\b|"
    # a school exam, a booking, a jab ("6月中考", "订了 玉林 法餐", "打 猫三联 加强针")
    r"中考|高考|学考|会考|月考|期中考|期末考|订了|订好|预订|\bbooked\b|\breservation\b|"
    r"疫苗|加强针|打针|\bjab\b|\bvaccin\w*",
    re.IGNORECASE,
)
_WRITTEN_ON_WORDS = r"写于|记于|记录于|更新于|整理于|\b(?:written|noted|updated|added) on\b"
_PAST_FRAME = re.compile(
    r"\bsince\b|\bfrom\b.*\bto\b|\bborn\b|\bjoined\b|\bstarted\b|自从|以来|开始于|"
    # the day the line itself was written ("下周二开评审会（写于 2026-08-03）")
    + _WRITTEN_ON_WORDS,
    re.IGNORECASE,
)


_RECORD = re.compile(r"\W*(?:last|latest|most recent|previous)\b|\W*(?:上次|上一次|最近一次)")
"""An entry that records the last time something happened ("Last DineSafe inspection at
QW: June 12, 2026, pass"): its date is history."""
_UPKEEP = re.compile(
    r"\blast (?:tidied|updated|reviewed|edited|revised|curated|checked)\b"
    r"|\b(?:tidied|updated|reviewed|edited|revised|curated) (?:on|as of)\b|最后更新|更新于",
    re.IGNORECASE,
)
"""When the file itself was last looked after ("*Curated by the agent; last tidied Saturday 31
January 2026.*"): that day is history, nothing to do by it."""
_BEGAN = re.compile(
    r"\b(?:started|joined|began|moved in|bought|(?<!gets )(?<!getting )(?<!get )married|graduated"
    r"|hired|borrowed|took out)\b|入职|加入|(?<!要)结婚|毕业|搬进"
    # French: arrived, started, moved in, married, bought, hired ("Arrivée à Lyon le 3 mars")
    r"|\b(?:arrivée?s?|commencée?|emménagée?s?|mariée?s?|achetée?|embauchée?|installée?s?)\b",
    re.IGNORECASE,
)

_BEGAN_AFTER = re.compile(r"\s*(?:买的|买了|购入|入职|开业|开张|装的|办的|结的婚|毕的业)")
"""A Chinese day followed by what began on it ("咖啡机 2023 年 5 月买的"): history."""

_DONE = re.compile(
    r"\b(?:was|were|got|has been|have been|had been)\s+(?:\w+\s+){0,2}?"
    # not a plan told in the past ("was scheduled on", "was moved to")
    r"(?!(?:scheduled|planned|booked|set|moved|postponed|rescheduled|pushed|put)\b)\w+(?:ed|en|wn|un|t)"
    r"(?:\s+(?:down|up|off|out|over|back))?\s+(?:on|in)\s*$|已于\s*$|已经?在\s*$",
    re.IGNORECASE,
)
"""Something done on the day, told in the past ("pg-core-1 was shut down on Nov 16", 已于):
the day is history."""


def _yearly(text: str, now: date) -> bool:
    """Days of different months listed together with no year: a yearly schedule ("payments
    on account due 31 January and 31 July"; not "until Dec 4; ... by Nov 27")."""
    mentions = date_mentions(text, now.year)
    if any(m.has_year for m in mentions):
        return False
    norm = normalize(text)
    for first, second in zip(mentions, mentions[1:], strict=False):
        between = norm[first.start + len(normalize(first.text)) : second.start]
        if first.day.month != second.day.month and _LISTED.fullmatch(between):
            return True
    return False


_LISTED = re.compile(r"\s*(?:and|&|,|和|、|及|/)\s*")


def _span_end(text: str, mention: DateMention) -> tuple[date, str, bool] | None:
    """The last day of a span of days written after the date ("8月10号到15号", "Aug 22-23"),
    the words that say it, and whether they give its year ("Dec 20–22 2027", "Oct 13-20,
    2026": the year after the span is the span's)."""
    found = _SPAN_END.match(text, mention.start + len(normalize(mention.text)))
    if found is None:
        return None
    words, day = found.group(0), mention.day
    year = None if mention.has_year else _SPAN_YEAR.match(text, found.end())
    if year is not None:
        words += year.group(0)
        try:
            day = day.replace(year=int(year.group(1)))
        except ValueError:
            return None
    try:
        end = day.replace(day=int(re.sub(r"\D", "", found.group(0))))
    except ValueError:
        return None
    return (end, words, year is not None) if end > day else None


_SPAN_YEAR = re.compile(r",?\s?((?:19|20)\d{2})(?!\d)")
"""A year right after a span of days ("Dec 20–22 2027")."""


def _framed(text: str, mention_start: int, mention_text: str) -> str | None:
    """The words that make a date a deadline or a plan, if any (a span of days, "10/1-10/7",
    is an event in itself)."""
    before = text[max(0, mention_start - 30) : mention_start]
    after = text[mention_start + len(mention_text) : mention_start + len(mention_text) + 8]
    if (
        _SPAN.search(mention_text)
        or _SPAN_END.match(after)
        or _SPAN_START.search(before)
        or _MONTH_SPAN_START.search(before)
    ):
        return "from"
    if (
        _PAST_FRAME.search(before[-12:])
        or _BEGAN.search(before)
        or _DONE.search(before)
        or _BEGAN_AFTER.match(after)
    ):
        return None  # "Started at Acme on 2024-03-01" is history, not a plan
    tight = _TIGHT_BEFORE.search(before)
    if tight:
        return tight.group(0).strip(" :,~")
    tight_after = _TIGHT_AFTER.search(after)
    if tight_after:
        return tight_after.group(0).strip()
    timed = _AT_TIME.match(text, mention_start + len(mention_text))
    if timed:
        return timed.group(0).strip(" ,，(（")
    loose = _FRAME.search(text)
    if loose and not _MONTH_ONLY.match(mention_text):
        return loose.group(0)  # a month alone needs a tight frame ("PB at the marathon, Oct 2025")
    if not text[:mention_start].strip(" -*+•") and _A_DAY.search(mention_text):
        return "on"  # an entry that opens with its day tells what happens then
    return None


_STARTED = frozenset(["开始", "from", "since"])
"""Words that make a date the start of what the entry says."""
_MONTH_ONLY = re.compile(r"[a-z]+\.?,?\s+\d{4}$")
"""A month and year, no day ("oct 2025")."""
_A_DAY = re.compile(
    r"[日号]|[a-z]|\d{1,2}[/.-]\d{1,2}|[初十廿][一二三四五六七八九十]?$|中秋|端午|元宵|七夕|重阳|除夕|春节"
)
"""A day, not only a month ("10 月 17 日", "Oct 10", "10/17", 农历八月十五, 中秋; not
"2023年12月")."""
_SPAN = re.compile(r"\d\s?[-–~至到]\s?\d{1,2}[/.]\d")
"""Two dates joined as a span (see ``text.date_mentions``)."""
_SPAN_END = re.compile(r"\s?[-–~到至]\s?\d{1,2}(?![\d:/]|\.\d)")
"""The end of a span of days after a date ("Aug 22-23")."""
_MONTH_SPAN_START = re.compile(rf"\b(?:{MONTH_NAMES})\.?\s?[-–~]\s?$")
"""The first month of a span of months before a month and year ("Feb–Aug 2026")."""
_SPAN_START = re.compile(r"(?<![\d:/.])\d{1,2}\.?\s?[-–~到至]\s?$")
"""The start of a span of days before a date ("16-18 Feb")."""
_A_YEAR = r"\bnë vit\b|\bçdo vit\b|\bigal aastal\b|\baastas\b|\bal año\b"
"""A year's, each year in Albanian, Estonian and Spanish ("kuota e Urdhrit 10 mijë në vit,
deri 31 mars", "igal aastal", "20 euros al año"): what recurs, and a yearly task."""
_RECURRING = re.compile(
    r"birthday|anniversar|\banniv\b|\bevery\b|\beach\b|\bannual(?! leave)|\byearly\b|\bborn\b|\bnée?\b|生日|纪念日|忌日|每年|每月|每周|出生|\bdied\b|去世|"
    # a season that comes each year ("Busy season: stat audits Apr–Sep, tax audit reports due
    # 30 Sep", "旺季（5月到10月）")
    r"\bbusy season\b|\bpeak season\b|旺季|淡季|"
    # born, a birthday, died in Spanish and Portuguese ("Valentina, nació el 14/08/2013")
    r"\bnaci[óo]\b|\bnacid[oa]\b|\bnasceu\b|\bnascid[oa]\b|\bcumple(?:años)?\b|\baniversário\b"
    r"|\bmuri[óo]\b|\bfalleci[óo]\b|"
    # and in Catalan and German; every year in Catalan, Spanish, Portuguese ("nascut a Vic el
    # 14/6/1977", "aniversari de casament el 24/9")
    r"\bnascu(?:t|da)\b|\baniversari\b|\baniversario\b|\bgeboren\b|\bcada (?:any|año|ano)\b|"
    # a death told in Cantonese, a thing done each time ("老婆 2022年11月過身", "Property tax due
    # early July — always claim the senior grant")
    r"过身|离世|\balways\b|"
    # born on a festival, a birthday kept ("用户是中秋节那天生的，过生就跟过节一起")
    r"那天生的|过生|"
    # German: a birthday, an anniversary
    r"geburtstag|jahrestag|\bnamenstag\b|"
    # born on a day in Chinese ("1997年12月20日生，28岁")
    r"(?<=\d)\s?[日号]生(?![活意病气产])|"
    # a day told by its rule, which gives one each year ("Season opens Dumping Day, last
    # Tuesday in November", "Thanksgiving: fourth Thursday of November")
    r"\b(?:first|second|third|fourth|last) (?:mon|tues|wednes|thurs|fri|satur|sun)day (?:in|of) "
    rf"(?:{MONTH_NAMES})\b|"
    r"每半年|每季度|半年一次|每两年|"
    # every year / month / week in Hindi or Urdu in Latin letters, Portuguese, Indonesian
    # ("LIC ki kisht har saal 28 March tak bharni hai")
    r"\bhar (?:saal|mahine|hafte|roz)\b|\btodos? os? (?:anos?|m[eê]s(?:es)?|dias?)\b|\btodo (?:ano|m[eê]s|dia)\b|"
    r"\btoda semana\b|\banualmente\b|\b(?:setiap|tiap) (?:tahun|bulan|minggu|hari)\b|"
    r"\b(?:a|per) year\b|\bper annum\b|/yr\b|一年一次|"
    rf"{_A_YEAR}|"
    r"\busually\b|\btypically\b|\bnormally\b|(?<![不很])一般(?!般)|通常|平时|平常|全年|"
    # months listed ("quarters end Mar/Jun/Sep/Dec"): a time of each year
    rf"\b(?:{MONTH_NAMES})\.?\s?[/,]\s?(?:{MONTH_NAMES})\.?\s?[/,]\s?(?:{MONTH_NAMES})\b",
    re.IGNORECASE,
)
_WEEKLY = re.compile(r"\bevery\b|\beach\b|每周")
"""The recurring words of what recurs within a year (not birthdays, yearly fees; not the
"each" of "teacher")."""
_EVERY_YEAR = re.compile(r"\b(?:every|each) (?:other )?year\b", re.IGNORECASE)
"""Yearly ("renews every year on 15 May", whatever else the line says with "through")."""
_UNTIL = re.compile(r"\buntil\b|\btill\b|\bthrough\b|(?<![收拿得找看听想遇做办])到|直到|为止")


_YEARLY = re.compile(
    rf"\bannual(?! leave)|\byearly\b|\b(?:a|per) year\b|\bper annum\b|/yr\b|每年|一年一次|{_A_YEAR}",
    re.IGNORECASE,
)
_DEADLINE = re.compile(r"(?:due|by|until|before|deadline|expires?|截止|到期)\b", re.IGNORECASE)


_WEEKDAY_BEFORE = re.compile(rf"(?:{WEEKDAY_WORD})\.?\s?[,，]?\s?[(（]?\s?$")
"""A weekday right before a date ("Saturday 7 Feb 2026", "周六 4/11", "这周六（2月7号）")."""
_WEEKDAY_AFTER = re.compile(rf"\s?[(（,，]?\s?(?:{WEEKDAY_WORD})")
"""A weekday right after a date ("2月14日（周六）", "June 13 (Sat)"; not "sunny")."""


_WEEKDAY_FRAME = re.compile(_WEEKDAY_SHORT)


def _weekday_named(text: str, mention: DateMention) -> bool:
    """The date is given with its own day of the week ("Saturday 7 Feb 2026", "2月14日（周六）"):
    one day."""
    found = _WEEKDAY_BEFORE.search(text[: mention.start]) or _WEEKDAY_AFTER.match(
        text, mention.start + len(mention.text)
    )
    if found is None:
        return False
    return weekday_index(found) == mention.day.weekday()


def _once_dated(mention: DateMention, words: str, task: bool, now: date, text: str) -> bool:
    """In an entry about something that recurs, a date that is one time of it, not the
    recurrence: a yearly task's deadline with its year ("annual renewal due 31 Mar 2026"),
    a yearly event's day named with its weekday and year ("school annual day: Saturday 7 Feb
    2026"), or days of this year or last given as a span ("Leeds trip 18-25 April 2026 for
    Isla's birthday"; not "born 12 May 1990")."""
    if not mention.has_year:
        # a day named with its weekday is this year's one time ("Harper's 2nd birthday party
        # Saturday June 13"), so is a booking made for it ("3/14 晚 7 点 订了 玉林 法餐 给小雨过生日")
        # (not one done every year: "每年提前订好利来的蛋糕"), and a birthday counted ("Maman's
        # 80th birthday party at the CHSLD, le 22 août")
        return (
            _weekday_named(text, mention)
            or (_BOOKED.search(text) is not None and _EACH_YEAR.search(text) is None)
            or _COUNTED_BIRTHDAY.search(text) is not None
        )
    if task:
        return _DEADLINE.match(words) is not None or _weekday_named(text, mention)
    # (of this year or last: a day named with its weekday, a booking made for it: "Anniversary
    # meal booked at Rockfish, Sat 2 May 2026", "Trip to Kasama on Saturday 18 April 2026 for
    # ba mayo's birthday")
    recent = mention.day.year >= now.year - 1
    return recent and (
        words == "from"
        or _weekday_named(text, mention)
        or (_BOOKED.search(text) is not None and _EACH_YEAR.search(text) is None)
    )


_COUNTED_BIRTHDAY = re.compile(
    r"\b\d{1,3}(?:st|nd|rd|th|e|ème)\b\s(?:\w+\s)?(?:birthday|anniversary|anniversaire)\b"
    r"|\b\d{1,3}\.\s(?:geburtstag|jubiläum)"
    r"|\d{1,3}\s?岁生日|\d{1,3}\s?大寿|[一二三四五六七八九十]{1,3}大寿"
)
"""A birthday or an anniversary told by its count: it comes once."""
_BOOKED = re.compile(r"订了|订好|预订|\bbooked\b|\breserv(?:ed|ation)\b")
_EACH_YEAR = re.compile(r"每年|年年|\b(?:every|each) (?:other )?year\b|\byearly\b|\bannual", re.I)


def _yearly_task(text: str) -> bool:
    """Something done once a year (a renewal, a fee), not a birthday or an anniversary: the
    one time whose deadline names its year ("LAM annual registration renewal due 31 Mar
    2026") can pass."""
    found = [m.group(0) for m in _RECURRING.finditer(_EVERY_YEAR.sub("yearly", text))]
    return bool(found) and all(_YEARLY.fullmatch(word) for word in found)


def _weekly_until(text: str) -> bool:
    """Something weekly for a span of days that ends ("暑假（7 月 15 日到 8 月 25 日）轮流值班，
    我排在每周二"): it ends with the span, so that end can pass."""
    found = [m.group(0) for m in _RECURRING.finditer(text)]
    return (
        bool(found)
        and _EVERY_YEAR.search(text) is None
        and all(_WEEKLY.fullmatch(word) for word in found)
        and _UNTIL.search(text) is not None
    )


_RELATIVE = re.compile(
    # (not a standing rule's "the next month": "Dienstplan for the next month comes out around
    # the 15th")
    r"(?<!\bthe )\bnext week\b|\bthis week\b|\btomorrow\b|\btonight\b|\bthis weekend\b|(?<!\bthe )\bnext month\b|"
    r"\bthis month\b|\b(?:next|this) (?:mon|tues?|wed(?:nes)?|thur?s?|fri|sat(?:ur)?|sun)(?:day)?\b|"
    r"\bin two weeks\b|\bin a few days\b|\bthis sprint\b|\bnext sprint\b|"
    # Indonesian and Malay: next week, this week, next month, tomorrow
    r"\bminggu depan\b|\bminggu ini\b|\bbulan depan\b|\bbesok\b|\bminggu hadapan\b|"
    r"\bbulan hadapan\b|\besok\b|"
    # Portuguese and Urdu in Latin letters: this / next week, next month, tomorrow
    r"\besta semana\b|\bsemana que vem\b|\bpr[oó]xima semana\b|\bamanh[aã]\b|\bm[eê]s que vem\b|"
    r"\bagle hafte\b|\bis hafte\b|\bagle mahine\b|"
    # German, French and Spanish: next / this week, next Friday, tomorrow ("Elternabend in der
    # Kita nächsten Freitag", "la semaine prochaine", "el viernes que viene")
    r"\bn[äa]chste[nrs]? (?:woche|monat|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag)\b"
    # (not "morgen" nor "mañana", which are a morning too: "jeden Morgen", "a la mañana")
    r"|\bdiese woche\b|\bsemaine prochaine\b|\bcette semaine\b|\bdemain\b"
    r"|\bmois prochain\b|\bla semana que viene\b|\besta semana\b|\bpr[oó]xima semana\b|"
    r"本周|下周|这周|明天|今晚|下个月|这个月|本月|后天|这几天|下礼拜|这礼拜|(?<![\d一二三四五六七八九十])月底前|下个?星期|这个星期",
    re.IGNORECASE,
)
_ONGOING = re.compile(
    r"\bcurrently\b|\bworking on\b|\bin progress\b|\bongoing\b|\bthis quarter\b|\bright now\b|"
    r"\bwaiting (?:for )?approval\b|\blooking at\b.*\bto (?:buy|rent)\b|"
    r"正在|目前在|进行中|在做|在搞|这个季度|本季度",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class StaleParams:
    relative_days: int = 14
    """A relative time ("next week") is stale this many days after the entry was written."""
    grace_days: int = 1
    """Days after a date before it counts as passed (0 was tried: it flags "11/27–11/30" on
    1 December, and "lease ends Nov 30" of the tune set's demo, which is not labelled)."""
    quiet_days: int = 120
    recent_days: int = 30
    """Gone-quiet needs notes this recent (otherwise the whole workspace is quiet)."""


@dataclass(frozen=True)
class StaleMatch:
    entry: Entry
    reason_phrase: Phrase
    score: float
    evidence: SourceLine | None

    @property
    def reason(self) -> str:
        return str(self.reason_phrase)

    @property
    def date_passed(self) -> bool:
        """A date the entry names has passed."""
        return self.reason_phrase.template == DATE_PASSED


_LASTING = re.compile(
    r"(?:\bfor |(?<![\w.,]))(\d{1,2}|a|an|one|two|three|four|five|six|nine|twelve) (day|week|month|year)s?"
    r" (?:starting|from|beginning|as of) $"
)
_COUNTS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
_COUNTS |= {"nine": 9, "twelve": 12}


def _lasting(text: str, mention: DateMention) -> tuple[str, date] | None:
    """A time that lasts from a date with its year ("for 3 months starting January 2026", "5
    years from Jan 2025"):
    the words and the day it ends (from a month, its last day)."""
    if not mention.has_year:
        return None
    found = _LASTING.search(text[: mention.start])
    if found is None:
        return None
    count = int(found.group(1)) if found.group(1).isdigit() else _COUNTS[found.group(1)]
    start, unit = mention.day, found.group(2)
    if unit in ("day", "week"):
        end = start + timedelta(days=count * (7 if unit == "week" else 1))
    else:
        months = start.month - 1 + count * (12 if unit == "year" else 1)
        year, month = start.year + months // 12, months % 12 + 1
        end = date(year, month, min(start.day, calendar.monthrange(year, month)[1]))
    return f"{found.group(0)}{normalize(mention.text)}", end


def _ambiguous_passed(
    text: str, before: date, day_first: bool | None, talked: Callable[[], list[date]]
) -> tuple[str, date, str] | None:
    """A framed date that reads two ways and has passed: read as the workspace's other
    numeric dates are written (``day_first``), else when both readings have passed ("RDV le
    05/11/2026 à 9h" on 1 December), or when only the earlier has and the notes talked of
    the entry's subject in the two weeks after it (``talked``: their days; "Dental cleaning
    with Dr. Joshi — 12/02/2026" and "Teeth cleaning with Dr. Joshi done on Thursday" on 14
    February): quoted, the reading, the words that frame it."""
    for found in two_way_dates(text):
        words = _framed(text, found.start, found.text)
        if words is None or found.earlier >= before:
            continue
        if "." in found.text:  # a date in dots puts the day first wherever it is written
            reading = found.day_first  # ("Zahnarzt-Kontrolle am 12.03.2026 um 8:15")
        elif day_first is not None:
            other = found.later if found.day_first == found.earlier else found.earlier
            reading = found.day_first if day_first else other
        elif found.later < before:
            reading = found.later
        elif any(found.earlier <= d <= found.earlier + _TOLD_AFTER for d in talked()):
            reading = found.earlier
        else:
            continue
        if reading < before:
            return found.text, reading, f"{words} "
    return None


_TOLD_AFTER = timedelta(days=14)


COMMON_WORD_SHARE = 0.03


def _nearest_talk(readings: list[date], talked: list[date]) -> date:
    """The reading of a day nearest to one of the days the notes talked of it (the later
    reading when two are as near)."""
    return min(readings, key=lambda r: (min(abs((r - d).days) for d in talked), -r.toordinal()))


class _Mentions:
    """When the notes talked of something: an index of the dated lines by subject word,
    built the first time an entry needs it (most entries name no day without a year)."""

    def __init__(self, lines: list[SourceLine]) -> None:
        self.lines = [s for s in lines if s.day is not None]
        self.first = min((s.day for s in self.lines if s.day is not None), default=None)
        self._by_word: dict[str, list[int]] | None = None

    def days(self, entry: Entry, before: date) -> list[date]:
        """The days of the dated note lines (on or before ``before``) that share two of the
        entry's less common subject words (its only one, if it has one; numbers, months and
        words in more than ``COMMON_WORD_SHARE`` of the lines do not count)."""
        words = {t for t in subject_tokens(entry.text) if not t.isdigit() and t not in MONTHS}
        if not words:
            return []
        if self._by_word is None:
            self._by_word = defaultdict(list)
            for index, line in enumerate(self.lines):
                for token in subject_tokens(line.text):
                    self._by_word[token].append(index)
        # the words the notes use for many things (the person's own name, a partner's) say
        # nothing of when this entry's subject was live
        common = max(5, COMMON_WORD_SHARE * len(self.lines))
        words = {w for w in words if len(self._by_word.get(w, ())) <= common}
        if not words:
            return []
        shared = Counter(i for w in words for i in self._by_word.get(w, ()))
        need = min(2, len(words))
        return sorted(
            day
            for i, n in shared.items()
            if n >= need and (day := self.lines[i].day) is not None and day <= before
        )

    def in_named_year(self, day: date, entry: Entry, years: list[int], before: date) -> date:
        """A date without a year in an entry that names one: in that year, or the one before
        when the notes talked of the entry's subject nearer to it ("Registration appt for
        Winter 2027 is Nov 12", talked of in November 2026); the latest year named."""
        readings = []
        for year in (max(years), max(years) - 1):
            try:
                readings.append(day.replace(year=year))
            except ValueError:  # 29 February
                continue
        if not readings:
            return day
        talked = self.days(entry, before)
        return _nearest_talk(readings, talked) if talked else readings[0]

    def place(self, day: date, entry: Entry, written: date | None, exact: bool, now: date) -> date:
        """A date the entry names without a year, in its year. An entry is written while its
        subject is live: when nothing dates the entry exactly (unknown, or only an upper
        bound such as the day Reverie first saw it), the year is the one that brings the day
        nearest to a note that talks about the entry's subject, else nearest to the middle of
        the notes' time: "TB test booked for 24 Feb" or "活动到4月30日截止" read on 1 December
        is the February or April before, not the next; "Jean staying until 10 February" is
        the February the notes spoke of her."""
        if written is not None and exact:
            return nearest_year(day, written)
        bound = written or now
        talked = self.days(entry, bound)
        if talked:
            return _nearest_talk([nearest_year(day, d) for d in (talked[0], talked[-1])], talked)
        first = self.first
        middle = first + (bound - first) / 2 if first is not None and first <= bound else bound
        return nearest_year(day, middle)


_YEAR = re.compile(r"(?<!\d)((?:19|20)\d{2})(?!\d)")
"""A year the entry names ("Spring Festival 2027 (Feb 6)", "CNY 2026: ... 16-18 Feb")."""
_MODEL_YEAR = re.compile(
    rf"(?<!\d)(?:19|20)\d{{2}}(?:年的?|年款|款)?\s?(?=(?:{MAKES})\b|(?:{MAKES_ZH}))"
    r"|(?<!\d)(?:19|20)\d{2}\s?年?款"
)
"""A car's model year ("white 2019 Toyota HiLux", "2019款", "2015年的大众朗逸"): not the year of
a date the entry gives ("rego due 18 August")."""


_NEXT_YEAR = re.compile(r"(?:明年|来年|\bnext year(?:'s)?)\s?$")
"""The year after the one written in, right before a day without a year."""

_WRITTEN_ON = re.compile(_WRITTEN_ON_WORDS, re.IGNORECASE)


def _says_written(text: str) -> date | None:
    """The day an entry says it was written on ("...开评审会（写于 2026-08-03）")."""
    found = _WRITTEN_ON.search(text)
    if found is None:
        return None
    days = [m for m in date_mentions(text[found.end() : found.end() + 24], 2000) if m.has_year]
    return days[0].day if days else None


def find_stale(
    entries: list[Entry],
    lines: list[SourceLine],
    now: date,
    written: dict[int, date | None],
    recalled: dict[str, date] | None = None,
    params: StaleParams | None = None,
    bounded: frozenset[int] = frozenset(),
    dates_only: bool = False,
) -> list[StaleMatch]:
    """``written`` maps an entry's start line to the day it was written, when known
    (``bounded``: the start lines whose day is only the latest it can have been written,
    the day Reverie first saw it); ``recalled`` maps a subject token to the last day a
    recall of it was recorded; ``dates_only``: only the entries whose days have passed."""
    params = params or StaleParams()
    out: list[StaleMatch] = []
    latest_note = max((s.day for s in lines if s.day is not None), default=None)
    mentioned = _Mentions(lines)
    day_first = day_first_order([e.text for e in entries] + [s.text for s in lines])
    for entry in entries:
        text = normalize(entry.text)
        day_written = written.get(entry.start_line)
        if day_written is None:
            day_written = _says_written(entry.text)
        recurring = (
            bool(_RECURRING.search(text))
            or _yearly(entry.text, now)
            or bool(_RECORD.match(text) or _UPKEEP.search(text))
        ) and not _weekly_until(text)
        passed = None
        named = [int(y) for y in _YEAR.findall(_MODEL_YEAR.sub(" ", text))]
        task = recurring and _yearly_task(text)
        for mention in date_mentions(entry.text, now.year):
            lasting = _lasting(text, mention)
            if lasting is not None:  # "free trial for 3 months starting January 2026"
                if lasting[1] < now - timedelta(days=params.grace_days):
                    passed = (*lasting, "")
                continue
            if not mention.has_year and _NEXT_YEAR.search(text, 0, mention.start):
                continue  # "明年正月十五以前交下一年的房租": the coming year's day
            words = _framed(text, mention.start, normalize(mention.text))
            if (
                words is not None
                and mention.has_year
                and _WEEKDAY_FRAME.fullmatch(words)
                and not _weekday_named(text, mention)
            ):
                words = None  # not that day's weekday: another word ("the wife. Wed 14 Aug
                # 1994, St Eugene's Cathedral", wedded on a Sunday)
            if words is None and _weekday_named(text, mention):
                words = "on"  # "2月14日（周六）晚上回保定": a day of its own
            if words is None or (recurring and not _once_dated(mention, words, task, now, text)):
                continue
            if words in _STARTED and mention.has_year and mention.day.year < now.year - 1:
                continue  # "社保从2020年7月开始在杭州连续缴纳": began years ago, goes on
            span = _span_end(text, mention)
            when = span[0] if span else mention.day
            if not mention.has_year and not (span and span[2]):
                if named:
                    when = mentioned.in_named_year(when, entry, named, day_written or now)
                else:
                    exact = entry.start_line not in bounded
                    when = mentioned.place(when, entry, day_written, exact, now)
            if when < now - timedelta(days=params.grace_days):
                quoted = f"{mention.text.strip()}{span[1]}" if span else mention.text.strip()
                end = mention.start + len(normalize(mention.text))
                rest = text[end : end + 12]
                if not span and rest.lstrip(" ,，(（").startswith(words):
                    # the words after the day ("2026-09-15 前完成"): quoted in their place
                    upto = rest.index(words) + len(words)
                    quoted, words = f"{quoted}{rest[:upto]}", ""
                passed = (quoted, when, "" if span or not words else f"{words} ")
        if passed is None and not recurring:
            passed = _ambiguous_passed(
                text,
                now - timedelta(days=params.grace_days),
                day_first,
                functools.partial(mentioned.days, entry, now),
            )
        if passed is not None:
            quoted, when, words = passed
            out.append(
                StaleMatch(
                    entry,
                    phrase(
                        DATE_PASSED,
                        quoted=f"{words}{quoted}",
                        day=when.isoformat(),
                        days=(now - when).days,
                    ),
                    0.8,
                    None,
                )
            )
            continue
        if dates_only:
            continue
        relative = _RELATIVE.search(text)
        if relative and not _WEEKLY.search(text):  # not "每周日晚上做下周计划" (each week's)
            if day_written is None:
                out.append(
                    StaleMatch(
                        entry,
                        phrase(RELATIVE_UNDATED, words=relative.group(0)),
                        0.55,
                        None,
                    )
                )
                continue
            age = (now - day_written).days
            if age > params.relative_days:
                out.append(
                    StaleMatch(
                        entry,
                        phrase(
                            RELATIVE_OLD,
                            words=relative.group(0),
                            days=age,
                            day=day_written.isoformat(),
                        ),
                        0.7,
                        None,
                    )
                )
                continue
        if _ONGOING.search(text) and latest_note is not None:
            if (now - latest_note).days > params.recent_days:
                continue
            tokens = {t for t in subject_tokens(entry.text) if is_specific(t) or len(t) >= 5}
            if not tokens:
                continue
            mentions = [s for s in lines if s.day is not None and tokens & subject_tokens(s.text)]
            # every mention has a day (date.min only types the key)
            last = max(mentions, key=lambda s: s.day or date.min) if mentions else None
            last_day = last.day if last is not None else day_written
            if recalled:
                for token in tokens:
                    if token in recalled and (last_day is None or recalled[token] > last_day):
                        last_day = recalled[token]
            if last_day is None:
                continue
            quiet = (now - last_day).days
            if quiet >= params.quiet_days:
                where = (
                    phrase(LAST_MENTIONED, path=last.path, day=last_day.isoformat())
                    if last
                    else phrase(LAST_SEEN, day=last_day.isoformat())
                )
                out.append(
                    StaleMatch(
                        entry,
                        phrase(QUIET, days=quiet, where=where),
                        0.5,
                        last,
                    )
                )
    return out
