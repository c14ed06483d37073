"""Whose change a line tells: somebody else's (a neighbour's, a competitor's, another
person of the entry's title, another doubled-name child) or another of several things the
memory tells apart by number ("1号房", "3号房").
"""

from __future__ import annotations

import re
from collections import defaultdict
from functools import lru_cache

from .cue_words import Cue
from .entries import Entry
from .sources import SourceLine
from .text import (
    PARENT_FORMS_ZH,
    SURNAMES,
    ZH_TITLES,
    has_cjk,
    normalize,
    proper_nouns,
    subject_tokens,
)
from .values import numbered_things

_OTHERS_ZH = re.compile(
    r"楼下|楼上|隔壁|对门|邻居|亲戚|同行|竞争对手|别人家?|别家|另一家|其他家|(?<!其)[他她]们?的|[他她]家"
    r"|(?<!其)[他她]们(?:小区|公司|学校|单位|班|店)"
    # a cousin's news is the cousin's; Cantonese 佢嘅 / 佢哋 / 佢屋企 (his, theirs, his home)
    r"|[表堂][哥姐弟妹]|佢嘅|佢哋|佢屋企"
)
_OTHERS_EN = re.compile(
    r"^\W*(?:another|other|competitors?|a competitor|a friend|my friend|friends?'|"
    r"(?:the|our) neighbou?rs?'?s?)\b"
)
_POSSESSOR_EN = re.compile(r"^\W*([a-z][\w-]*)'s\b")
_THEIR_OWN = re.compile(r"\s*(?:his|her|their)\b")
_DOER_EN = re.compile(
    r"\b(?!(?:we|my|our|user|he|she|they|it|this|that|also|just|finally)\b)([a-z][\w-]+)"
    r"(?:'[a-z]{1,2})?\W*$"
)
"""The word right before a change verb: who did it ("Mum switched her power..."); not a
pronoun (it may be the entry's person)."""
_TITLED_ZH = re.compile(f"([{SURNAMES}])({ZH_TITLES})")


@lru_cache(maxsize=50000)
def _titled(text: str) -> frozenset[str]:
    """Chinese people named by surname and title ("张阿姨", "郑医生")."""
    return frozenset(m.group(0) for m in _TITLED_ZH.finditer(text))


def line_opening(line: SourceLine) -> str:
    """The line's text from its first word (list markers and indent left out)."""
    return normalize(line.text).lstrip("-*+ \t")


def _opens_with_the_entrys(entry: Entry, line: SourceLine) -> bool:
    """The line opens with a Chinese word the entry holds (its person: "阿妈最近…")."""
    opening = line_opening(line)[:_OPENING_CHARS]
    said = subject_tokens(opening)  # one person called two ways: 阿妈 for 妈妈
    return any(
        len(w) >= 2 and (w in opening or w in said)
        for w in subject_tokens(entry.text)
        if has_cjk(w)
    )


_OPENING_CHARS = 4


_OPENING_DAY = re.compile(r"^(?:今天|昨天|今日|今早|今晚|早上|上午|中午|下午|晚上)\s?")


def opened_by_named(entry: Entry, line: SourceLine) -> bool:
    """The line opens with a Chinese name the entry holds ("王磊今天找我…", after the day:
    "今天张姐最后一个班")."""
    opening = _OPENING_DAY.sub("", line_opening(line), count=1)
    ours = subject_tokens(entry.text)
    return any(
        2 <= len(t) <= 3
        # (or 老 / 小 and the surname: "小蒋上礼拜辞职了" for "徒弟小蒋（蒋宇航）")
        and (t[0] in SURNAMES or (t[0] in "老小" and t[1] in SURNAMES))
        and opening.startswith(t)
        for t in ours
        if has_cjk(t)
    )


def neighbours_story(line: SourceLine) -> bool:
    """The line opens on another party ("楼下李姐家的...，她说...", "隔壁烧腊店烧鹅例牌卖 52")."""
    return bool(_OTHERS_ZH.match(line_opening(line)[:4]))


_RELATIVE_OF = re.compile(
    r"\b[\w-]+'s (?:wife|husband|partner|son|daughter|mum|mom|mother|dad|father|sister|brother"
    r"|friend|cousin|colleague|boss|neighbou?r|other)\b",
    re.IGNORECASE,
)
"""Somebody named by whose relative they are: the change is that person's."""


_PARENT_OF_ZH = re.compile(
    r"(?![跟和与给同陪带帮让叫找问请我你他她])([^\W\d_妈爸媽阿老小]{2})的?(?:妈妈|爸爸|媽媽|家长|奶奶|爷爷|外婆)"
)
"""A line that opens on someone's parent (家豪妈妈, 一一的奶奶): about that child."""


_HOUSEHOLD_ZH = re.compile(
    r"(?![我你他她俺咱自老娘婆回在大全人本各东商厂作国])([\u4e00-\u9fff]{2})一?家(?=[把也都又就搬卖换买去])"
)
"""A line that opens on another household (秀兰家把那辆柴油三轮卖了, 次仁一家搬到纳金路): its
news is theirs, unless the entry names them."""


def _household_story(entry: Entry, line: SourceLine) -> bool:
    found = _HOUSEHOLD_ZH.match(line_opening(line))
    return (
        found is not None
        and found.group(1) not in _NOT_NAMES
        and found.group(1) not in normalize(entry.text)
    )


_TITLES_EN = frozenset(["ar", "dr", "mr", "mrs", "ms", "prof", "sir", "mam", "madam", "miss"])
"""Titles before a name ("Farewell lunch for Ar. Lim": Lim, not every architect)."""


def somebody_elses(cue: Cue, entry: Entry, line: SourceLine) -> bool:
    """The clause of the change is about another party: a neighbour's, a competitor's,
    "Another Xiamen tea seller...", "Kwame's Twi data..." (a name the entry does not
    hold), or another person of the entry's title ("保洁张阿姨说..." for an entry about
    刘阿姨, "郑医生" for "许医生")."""
    others = _OTHERS_ZH.search(cue.clause[: cue.position])
    if others is not None and not (
        # "阿妈最近血压…，医生将佢嘅降压药换咗做…": her medicine, the one the line opens with
        others.group(0) in ("他的", "她的") and _opens_with_the_entrys(entry, line)
    ):
        return True
    if _OTHERS_EN.search(cue.clause):
        return True
    if neighbours_story(line) or _household_story(entry, line):
        return True
    if cue.words.startswith("farewell "):  # a farewell for someone the entry does not name
        honoured = cue.clause[cue.position + len(cue.words) :].split()[:2]
        if not cue.words.endswith(" for"):  # theirs: "Craig's farewell drinks"
            honoured = re.findall(r"(\w+)['’]s\s*$", cue.clause[: cue.position])
        named = subject_tokens(" ".join(honoured)) - _TITLES_EN
        return not named & subject_tokens(entry.text)
    parent = _PARENT_OF_ZH.match(line_opening(line))
    if (
        cue.kind == "removal"
        and parent is not None
        and parent.group(1) not in normalize(entry.text)
    ):
        # "家豪妈妈发微信...课时费我结清退了": 家豪's lessons end, not 子航's (but "浩浩妈妈说...
        # 课时费涨到120" is the tutor's own rate)
        return True
    if _RELATIVE_OF.search(cue.clause[: cue.position]):
        return True  # "Joanne (Wei Hao's wife) moved from DBS to OCBC"
    if _THEIR_OWN.match(cue.clause, cue.position + len(cue.words)):
        # "Mum switched her power from Contact to Octopus": her power, not the entry's
        doer = _DOER_EN.search(cue.clause[: cue.position])
        if doer is not None and not subject_tokens(doer.group(1)) & subject_tokens(entry.text):
            return True
    owner = _POSSESSOR_EN.match(cue.clause)
    if owner is not None:
        stems = subject_tokens(owner.group(1))
        written = re.search(rf"\b{re.escape(owner.group(1))}'s", line.text, re.IGNORECASE)
        capitalised = written is not None and written.group(0)[0].isupper()
        if stems and capitalised and not stems & subject_tokens(entry.text):
            return True
    # the people named before the change word (after it, one is the new holder:
    # "联系人换成王师傅")
    theirs = _titled(cue.clause[: cue.position])
    if not theirs:
        return False
    ours = _titled(normalize(entry.text))
    titles = {t[1:] for t in ours}
    named = _titled(normalize(line.text))
    return (
        bool(theirs)
        and not named & ours  # "换了新班主任李老师...；周老师去带一年级了": the entry's one too
        and any(t[1:] in titles for t in theirs)
    )


_PET_NAME = re.compile(r"([\u4e00-\u9fff])\1")
_NOT_NAMES = frozenset(
    str.split(
        "常常 慢慢 天天 刚刚 往往 渐渐 偏偏 仅仅 稍稍 悄悄 好好 多多 明明 默默 处处 人人 个个 年年 月月 日日 时时 早早 快快 久久 紧紧 轻轻 静静"
        " 满满 高高 大大 小小 哈哈 谢谢 看看 试试 想想 等等 妈妈 爸爸 爷爷 奶奶 姥姥 姥爷 哥哥 姐姐 弟弟 妹妹 叔叔 婶婶 舅舅 伯伯 宝宝 星星 公公"
        " 婆婆 太太 娃娃 点点 些些 分分 秒秒 次次 家家 统统"
    )
)


def _pet_names(text: str) -> set[str]:
    """Doubled-character given names ("远远", "琪琪"): how Chinese families name children and
    pets; not a doubled adverb or a kinship word (常常, 奶奶)."""
    return {m.group(0) for m in _PET_NAME.finditer(normalize(text))} - _NOT_NAMES


def another_child(entry: str, line: str) -> bool:
    """The entry names one child or pet and the line another, not it ("琪琪的商业保险..." for
    "远远有一份友邦的少儿重疾险")."""
    ours, theirs = _pet_names(entry), _pet_names(line)
    return bool(ours) and bool(theirs) and not ours & theirs


def identifying_counters(entries: list[Entry]) -> frozenset[str]:
    """Counter words the memory uses with several numbers ("1号房", "2号房", "3号房": three
    flats), so a number tells things apart; one number ("desk 7") is a value that changes."""
    numbers: dict[str, set[str]] = defaultdict(set)
    for entry in entries:
        for kind, found in numbered_things(entry.text).items():
            numbers[kind] |= found
    return frozenset(k for k, found in numbers.items() if len(found) >= 2)


_NICKNAME_ZH = re.compile(f"[小老阿][{SURNAMES}]")
_NAMED_TITLED_ZH = re.compile(f"([{SURNAMES}])[\u4e00-\u9fff]{{0,2}}?({ZH_TITLES})")
"""刘主任 and 刘敏主任 alike (as 刘主任)."""
_DEPARTS = re.compile(
    r"\bstep(?:s|ped|ping)? (?:down|back)|\bhas left\b|\bleaving\b|\bleft the\b|\bquit\b|"
    r"\bresign|\blast (?:day|gig|shift)\b|离职|辞职|退休|不干了",
    re.IGNORECASE,
)
"""Removal words that say a person goes ("stepping back from the band", 离职)."""


def someone_else_departs(cue: Cue, entry: Entry, line: SourceLine) -> bool:
    """A person leaves, and it is one the entry does not name: the last name before the cue
    in its clause ("after rehearsal Fraser told us he's stepping back from the band" ends
    no rehearsal)."""
    before = cue.clause[: cue.position]
    if not _DEPARTS.search(cue.words):
        # someone named right before another "no longer" ("老何年龄到了不再参选"; not one
        # doing it to the entry's thing: "罗医生把氨氯地平停了")
        people = _people_zh(before)
        return bool(people) and "把" not in before and not people & _people_zh(entry.text)
    named = [(before.rfind(n), n) for n in proper_nouns(line.text) if before.rfind(n) >= 0]
    if named:
        return max(named)[1] not in subject_tokens(entry.text)
    # the relative the line names last before it is the one who goes ("阿妈 says 阿爸 handed
    # back the minibus — 正式退休了": the father, not the mother the entry names)
    said = normalize(line.text)
    at = said.find(cue.clause)
    kin = list(_FAMILY_ZH.finditer(said[: at + cue.position] if at >= 0 else before))
    if kin:
        last = kin[-1].group(0)
        return PARENT_FORMS_ZH.get(last, last) not in _people_zh(entry.text)
    # no name in the clause ("提离职了"): the people the line names, none of them the
    # entry's ("例会后小何找我聊，提离职了" ends no weekly meeting)
    people = _people_zh(line.text)
    return bool(people) and not people & _people_zh(entry.text)


def _people_zh(text: str) -> frozenset[str]:
    """Chinese people a text names by surname: 小何, 老周, 王师傅, 张姐."""
    norm = normalize(text)
    found = {m.group(1) + m.group(2) for m in _NAMED_TITLED_ZH.finditer(norm)}
    found |= {m.group(0) for m in _NICKNAME_ZH.finditer(norm)}
    found |= {PARENT_FORMS_ZH.get(m.group(0), m.group(0)) for m in _FAMILY_ZH.finditer(norm)}
    return frozenset(found)


_FAMILY_ZH = re.compile(
    "|".join([*PARENT_FORMS_ZH, "妈妈", "爸爸", "老公", "老婆", "老伴", "儿子", "女儿"])
)
"""A parent, a spouse or a child, called as a family calls them (one parent several ways:
老爸 and 爸爸): "老爸退休在屋里冇事干" is the father's news, not that of an entry about home.
Narrower than ``updates._KIN_ZH`` (any relative, whose number a line gives): a person here
is one word, each parent read as one."""
