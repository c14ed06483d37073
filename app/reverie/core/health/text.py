"""Bilingual text features for the health review: normalised text and subject tokens.

Everything here is deterministic and cheap. English words are lower-cased and lightly
stemmed; Chinese runs are segmented with ``jieba`` (single characters are dropped from
subjects, they are too common to identify anything); identifiers such as ``ci-old-3``,
``pg-core.larkspur.internal`` or ``10.20.4.15`` stay whole and also give their word parts.

Typed values are in :mod:`.values`, the words that say a change in :mod:`.cue_words`.
"""

from __future__ import annotations

import functools
import logging
import re
import unicodedata
from typing import Protocol

from ..text.analysis import ENGLISH_STOP_WORDS
from ..text.scripts import simplified

_CJK = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
CJK_RUN = re.compile(f"[{_CJK}]+")
_LATIN = "a-z0-9\u00df-\u00f6\u00f8-\u00ff\u0100-\u024f\u1e00-\u1eff"
"""Lowercase Latin letters with their accented forms (médecin, Zieliński, Müller, and
Vietnamese's: "giấy", not "gi" and "y"), digits."""
_IDENT = re.compile(f"[{_LATIN}](?:[{_LATIN}_]|[.:/@-](?=[{_LATIN}]))*")
_HAS_CJK = re.compile(f"[{_CJK}]")
_WEEKDAY_ZH = re.compile(
    r"每?(?:周|星期|礼拜)[一二三四五六日天](?:和(?:周|星期|礼拜)?[一二三四五六日天])?"
)

EN_STOP = ENGLISH_STOP_WORDS | frozenset(
    # words of time and state that never name what a line is about ("now uses", "still
    # leads", "new server"): change wording is read from them, subjects are not
    [
        "anymore",
        "currently",
        "don",
        "done",
        "gets",
        "new",
        "now",
        "old",
        "one",
        "per",
        "still",
        "three",
        "today",
        "tomorrow",
        "two",
        "use",
        "used",
        "uses",
        "using",
        "unless",
        "via",
        "will",
        "yesterday",
    ]
    # French function words and change words (notes of a French-speaking life: "Courrier MNH :
    # cotisation portée à 41,60 €" shares "des" with nothing it is about); not "son", a child
    + str.split(
        "les des du de la le au aux et en une un pour par sur dans avec est sont pas plus que"
        " qui ce cette ces mes ses notre votre leur leurs elle ils elles nous vous je ou où"
        " mais donc très tout tous toute toutes été être avoir fait chez sans sous entre comme"
        " aussi encore depuis maintenant désormais nouveau nouvel nouvelle ancien ancienne"
    )
    # German function words and change/time words ("und", "jetzt" are about nothing; not
    # "ab", which is also a blood group, a board grade and an A/B test)
    + str.split(
        "der die das den dem des und oder ist sind war hat haben wird ein eine einen einem"
        " einer nicht auch noch schon jetzt bis für mit von bei nach vor aus auf zum zur im"
        " am an in zu über unter wie als aber sehr mein meine sein seine ihr ihre unser neu neue"
        " neuer neues neuen alte alter altes seit statt"
    )
    # Vietnamese particles, pronouns and function words ("giờ gọi số 0938 517 002 nha" shares
    # "nha" with nothing it is about; not "nhà", a house, nor "anh" or "em", also names)
    + str.split(
        "nha nhé nhe rồi luôn cho của và với là có không được này đó thì mà để đi về ở một những"
        " các cũng đã đang sẽ còn nữa mình tôi chị ảnh bả nó gì sao lắm quá rất hơn mới cũ giờ"
        " nay hôm"
    )
    # Spanish function words ("con" is about nothing)
    + str.split(
        "el los las del al con por para que su sus es son ya muy más mis tu lo le les nos este"
        " esta ese esa como pero sin sobre también hasta está están fue ser hay una uno unos"
        " unas cuando donde ahora nuevo nueva viejo vieja antes"
    )
    # Malay and Indonesian function words ("dah", "lagi" are about nothing; not "yang", "dan",
    # "ada", names, nor "kita", a German Kita)
    + str.split(
        "di ke dari untuk dengan ini itu tak tidak nak dah sudah lagi pun juga saya aku dia"
        " kami mereka lah kan je aja"
    )
    # Tagalog and Cebuano articles, particles and pronouns ("Gi-cancel na nako ang PLDT": what
    # is cancelled is PLDT; not "pa" nor "ma", also a father and a mother)
    + str.split(
        "ang ng mga sa si ni na nga ug ko ako siya sila nako niya akong iyang atong lang"
        " gyud jud po ba kasi yung yun naman talaga rin"
    )
    # Polish, Italian and Turkish function words and new/old/now ("Ewelina ma nowy numer,
    # stary już nie działa" shares nothing with "Flour from Gospodarstwo near Nowy Targ"; not
    # "ta", "da", "mo" nor "ama", a teaching assistant, a father and names)
    + str.split(
        "i w z od się nie jest są że przez dla już jeszcze teraz tylko też"
        " nowy nowa nowe nowego nowej nowym stary stara stare starego starej"
    )
    + str.split(
        "il gli una di con per tra fra che è non più anche ancora adesso nuovo nuova vecchio"
        " vecchia del della dei delle alla nel nella sono"
    )
    + str.split("ve bir ile için artık şimdi yeni eski çok daha gibi")
    # Dutch and Greek (in Latin letters) function words and now/new ("de", "het", "voortaan",
    # "tora" are about nothing)
    + str.split(
        "de het een van te dat met voor naar ook nog maar om zijn hij zij ze we je ik wordt"
        " werd heeft hebben niet meer nu voortaan vanaf nieuw nieuwe oude"
    )
    + str.split("kai tou tis stin sto apo tora pleon")  # (not "ta", a teaching assistant)
    # Portuguese function words and now/new/old ("desde", "em", "seu" are about nothing;
    # not "da", a name as often)
    + str.split(
        "do dos das em na nos nas um uma pra com não mais ao aos às desde até ele ela eles"
        " elas seu sua meu minha também agora já novo nova novos novas velho velha"
    )
    # Czech and Swedish function words and now/new ("je", "och", "teď" are about nothing)
    + str.split(
        "je jsem jsme má ale jako nebo taky teď už nové nový nová och är att det som för med"
    )
    # Maltese function words and now/new/old ("il-", "tal-", "issa" are about nothing; not
    # "ta'" nor "ma", a mother, nor "mill" and "li", a flour mill and a name)
    + str.split("il tal tas tat fil bil minn għal għall jew kif issa ġdid ġdida qadim")
    # Slovenian function words and now/old ("za", "zdaj", "več" are about nothing; not "pa",
    # a father, nor "nova", a brand)
    + str.split("za pri ki tudi še kot zdaj sedaj več stari stara")
    + str.split("va fue")  # Spanish: goes, went
)
"""Function words and the change/time words that never identify a subject."""

CALENDAR_WORDS = frozenset(
    [
        "monday",
        "tuesday",
        "wednesday",
        "thursday",
        "friday",
        "saturday",
        "sunday",
        "mondays",
        "tuesdays",
        "wednesdays",
        "thursdays",
        "fridays",
        "saturdays",
        "sundays",
        "mon",
        "tue",
        "tues",
        "wed",
        "thu",
        "thur",
        "thurs",
        "fri",
        "sat",
        "sun",
        "january",
        "february",
        "march",
        "april",
        "may",
        "june",
        "july",
        "august",
        "september",
        "october",
        "november",
        "december",
        "jan",
        "feb",
        "mar",
        "apr",
        "jun",
        "jul",
        "aug",
        "sep",
        "sept",
        "oct",
        "nov",
        "dec",
    ]
)
"""Weekdays and months are values (see :func:`typed_values`), never subjects."""

ZH_STOP = frozenset(
    [
        "的",
        "了",
        "在",
        "是",
        "我",
        "你",
        "他",
        "她",
        "它",
        "们",
        "我们",
        "他们",
        "和",
        "与",
        "及",
        "也",
        "都",
        "就",
        "还",
        "把",
        "被",
        "给",
        "让",
        "一个",
        "这个",
        "那个",
        "每个",
        "几个",
        "有点",
        "这",
        "那",
        "着",
        "过",
        "吗",
        "呢",
        "吧",
        "啊",
        "呀",
        "很",
        "又",
        "再",
        "已",
        "已经",
        "现在",
        "目前",
        "今天",
        "明天",
        "昨天",
        "今年",
        "去年",
        "明年",
        "之后",
        "以后",
        "开始",
        "不再",
        "不",
        "没",
        "没有",
        "改为",
        "改成",
        "换成",
        "换",
        "转到",
        "转去",
        "搬到",
        "起",
        "从",
        "到",
        "会",
        "要",
        "将",
        "说",
        "有",
        "个",
        "上",
        "下",
        "中",
        "里",
        "对",
        "以",
        "为",
        "而",
        "并",
        "或",
        "等",
        "之前",
        "以前",
        "还是",
        "一直",
        "所以",
        "因为",
        "但是",
        "可以",
        "这样",
        "那样",
        "一下",
        "什么",
        "怎么",
        "时候",
        "下个月",
        "本周",
        "下周",
        "这周",
        # places said of anything ("游船那边辞了" and "东江那边吃啤酒鱼" share no subject)
        "那边",
        "这边",
        "那里",
        "这里",
    ]
)

_ZH_PREPOSITIONS = frozenset("由从把被给跟和与向对让叫找请")

_STEM_SUFFIXES = ("ing", "ies", "ied", "es", "ed", "s")


def stem(word: str) -> str:
    """A light English stemmer: releases / released / release → ``releas``."""
    if len(word) <= 3 or not word.isalpha():
        return word
    for suffix in _STEM_SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            if suffix in ("ies", "ied"):
                word = word[: -len(suffix)] + "y"
            elif suffix == "s" and word.endswith("ss"):
                break
            else:
                word = word[: -len(suffix)]
            break
    if len(word) > 3 and word.endswith("e"):
        word = word[:-1]
    return word


@functools.lru_cache(maxsize=100000)
def normalize(text: str) -> str:
    """NFKC, lower case, Cantonese written words as Mandarin and traditional characters as
    simplified, one character for one (offsets stay): "換咗新嘅寬頻" reads "换了新的宽频", so
    the change words, stop words and the segmenter apply to Hong Kong and Taiwan notes."""
    plain = unicodedata.normalize("NFKC", text).lower()
    if plain.isascii():
        return plain
    mandarin = _CANTONESE_WORDS.sub(lambda m: _CANTONESE[m.group(0)], plain)
    if _CANTONESE_MARK.search(plain):  # written Cantonese: 系 is "is" ("班主任系王老师")
        mandarin = _CANTONESE_IS.sub("是", mandarin)
        mandarin = _CANTONESE_ALSO.sub("还", mandarin)  # "仲报咗个轮滑班": also
        mandarin = _CANTONESE_CHANGED.sub("换了", mandarin)  # "血压药换过了": changed
    return simplified(mandarin)


def surface(text: str, piece: str) -> str:
    """``piece`` (a part of ``normalize(text)``) as ``text`` writes it: traditional
    characters, Cantonese words and capitals as they were ("轉為" for "转为")."""
    plain = unicodedata.normalize("NFKC", text)
    norm = normalize(text)
    at = norm.find(piece)
    if at < 0 or len(norm) != len(plain):
        return piece
    return plain[at : at + len(piece)]


_CANTONESE = {
    "而家": "现在",
    "聽日": "明天",
    "听日": "明天",
    "琴日": "昨天",
    "尋日": "昨天",
    # Tianjin: this (介回, 介礼拜, 介个: "介回房租调了价", "打介礼拜起")
    "介回": "这回",
    "介礼拜": "这礼拜",
    "介個": "这個",
    "介个": "这个",
    "今個月": "这个月",
    "今个月": "这个月",
    "今個星期": "这个星期",
    "返工": "上班",
    "放工": "下班",
    "逢星期": "每星期",
    "依家": "现在",
    "宜家": "现在",
    "今日": "今天",
    "朝早": "早上",
    "今朝": "今早",
    "下昼": "下午",
    "仲系": "还是",
    "仲係": "还是",
    "仲喺": "还在",
    "唔使": "不用",
    "揾": "找",
    # this (month, one), closed down for good, took ("由呢个月起加五百", "阿峰间铺执笠咯")
    "呢个": "这个",
    "呢個": "这個",
    "执笠": "倒闭",
    "執笠": "倒闭",
    "攞": "拿",
    "搬咗去": "搬去",  # moved to ("阿妈搬咗去番禺同细佬一家住")
    "搬咗到": "搬到",
    "咗": "了",
    "唔": "不",
    "喺": "在",
    "嘅": "的",
    "係": "是",
    "佢": "他",
    "哋": "们",
    "冇": "没",
    "俾": "给",
    "畀": "给",
    "啲": "些",
    "睇": "看",
    "搵": "找",
    "嗰": "那",
    "嚟": "来",
    # Wu: whether or not ("问要弗要停掉": a question)
    "要弗要": "要不要",
}
"""Cantonese written words and their Mandarin ones, of the same length."""
_CANTONESE_WORDS = re.compile("|".join(sorted(map(re.escape, _CANTONESE), key=len, reverse=True)))
_CANTONESE_MARK = re.compile("[咗嘅喺唔佢哋冇啲嗰嚟]")
"""Characters only written Cantonese uses: a line with one is read as Cantonese."""
_CANTONESE_ALSO = re.compile("仲(?![裁夏秋春冬介])")
"""仲 in written Cantonese: still, also (not 仲裁, 仲夏)."""
_CANTONESE_CHANGED = re.compile("换过(?![来去])")
"""换过 as Cantonese and Hakka say a change made ("换过梅江区个鸿达印务", "血压药换过了"), where
Mandarin's 换过 is a change once made (left out of the change words)."""
_CANTONESE_IS = re.compile("(?<![关联体院派世谱直嫡水星父母文学理数化法语])系(?![统列数谱])")
"""系 as Cantonese writes 係 ("is") in simplified characters; not in the Mandarin words it
is part of (关系, 联系, 系统, a department: 中文系, 数学系)."""


class _Segmenter(Protocol):
    """What is used of the ``jieba`` module (jieba ships no type information)."""

    def lcut(self, sentence: str, cut_all: bool = False, HMM: bool = True) -> list[str]: ...


@functools.lru_cache(maxsize=1)
def _jieba() -> _Segmenter:
    import jieba

    jieba.setLogLevel(logging.WARNING)
    segmenter: _Segmenter = jieba
    return segmenter


CAR_MAKES_ZH = tuple(
    str.split(
        "五菱 比亚迪 长安 吉利 奇瑞 哈弗 红旗 丰田 本田 日产 别克 宝马 奔驰 奥迪 特斯拉 蔚来 小鹏 问界"
        " 极氪 零跑 捷达 传祺 荣威 名爵 领克 雪佛兰 福特 起亚 马自达 斯柯达 雪铁龙 沃尔沃 路虎 雷克萨斯"
        " 大众"
    )
)
"""Car makes as Chinese notes write them."""

KNOWN_WORDS_ZH = CAR_MAKES_ZH + tuple(
    str.split(
        # apps, shops and services
        "美团 饿了么 大众点评 抖音 快手 拼多多 淘宝 天猫 京东 闲鱼 小红书 滴滴 高德 携程 盒马 叮咚"
        " 得物 唯品会 顺丰 中通 圆通 韵达 申通 菜鸟 钉钉 飞书 企业微信 腾讯会议 爱奇艺 优酷 哔哩哔哩"
        # video services, not a video call (视频): "把腾讯视频的自动续费关了" for "每周日晚上给俺妈打视频"
        " 腾讯视频 优酷视频 咪咕视频 西瓜视频 搜狐视频"
        " 喜马拉雅 支付宝 微信 云闪付 瑞幸 星巴克 库迪 喜茶 奈雪 蜜雪冰城 霸王茶姬 肯德基 麦当劳"
        # car models and makes' names that are also words (长城, the Great Wall)
        " 宏光 长城 凯美瑞 卡罗拉 雅阁 思域 轩逸 朗逸 速腾 帕萨特 宝来 睿行"
        # banks, carriers, insurers
        " 工行 建行 农行 中行 招行 交行 邮储 中国移动 中国联通 中国电信 人保 太平洋保险 国寿"
        # a carrier's broadband said as one word ("电信宽带到期了" for "宽带是电信200M")
        " 电信 联通 宽带"
        # what a line's neighbours swallow ("月租车位由600加到650" gave 租车, a car hire)
        " 车位"
    )
)
"""Names jieba's dictionary lacks or cuts into the words around them ("外卖走美团" gave 走美团,
"老五菱卖给" gave 老五 and 菱卖): kept whole (:func:`segment_cjk`)."""
_KNOWN_ZH = re.compile("(" + "|".join(sorted(KNOWN_WORDS_ZH, key=len, reverse=True)) + ")")


@functools.lru_cache(maxsize=20000)
def segment_cjk(run: str) -> tuple[str, ...]:
    """Words of a run of Chinese characters (``jieba``; HMM on for names), the names of
    ``KNOWN_WORDS_ZH`` kept whole: the words jieba cut through one are cut around it
    instead (the run is segmented whole first, so the names beside it stay as jieba read
    them: "李敏发微信说" still gives 李敏)."""
    words = [w for w in _jieba().lcut(run) if w]
    for known in _KNOWN_ZH.finditer(run):
        start, end = known.span()
        pos, out = 0, []
        for word in words:
            left, right = pos, pos + len(word)
            pos = right
            if right <= start or left >= end or (left == start and right == end):
                out.append(word)
                continue
            if left < start:
                out.append(run[left:start])
            if left <= start:
                out.append(run[start:end])
            if right > end:
                out.append(run[end:right])
        words = out
    return tuple(w for w in words if w.strip())


_CENTS = re.compile(r"\d{1,3}c")
"""A price in cents as Malta and Ireland write it ("pastizz 70c")."""


@functools.lru_cache(maxsize=200000)  # every line of years of notes: the index and the corpus
def subject_tokens(text: str) -> frozenset[str]:
    """The words that can identify what a line is about (stop words dropped)."""
    norm = _WEEKDAY_ZH.sub(" ", normalize(text))
    tokens: set[str] = set()
    for run in CJK_RUN.findall(norm):
        for word in _joined_titles(segment_cjk(run)):
            if len(word) >= 3 and word[-1] == "们" and word not in ZH_STOP:
                word = word[:-1]  # a plural of people: 觅汉们 is 觅汉
            if len(word) >= 3 and word[0] in _ZH_PREPOSITIONS:
                word = word[1:]  # jieba glues prepositions to names: 由晓峰, 从晓峰
            if len(word) >= 3 and word[-1] in "的了":
                word = word[:-1]
            titled = _TITLED_HEAD.match(word)
            if titled and titled.end() < len(word):
                word = titled.group(0)  # jieba glues a verb to a titled name: 陈姨换(号了)
            if len(word) >= 2 and word not in ZH_STOP:
                tokens.add(_SHORT_FORMS.get(word, word))
    latin = _CLIPPED_ES.sub(" ", CJK_RUN.sub(" ", norm))
    for match in _IDENT.finditer(latin):
        ident = match.group(0).strip(".:/@-")
        if not ident:
            continue
        parts = re.split(r"[.:/@_-]", ident)
        if len(parts) > 1:
            if _PER_UNIT.fullmatch(ident):  # "32,000/month" is an amount, not a name
                continue
            tokens.add(ident)
            # "tmobile" for "T-Mobile", "ebike" for "e-bike" (not "readonly", "walkin": words)
            if _HYPHENATED.fullmatch(ident) and min(map(len, parts)) == 1:
                tokens.add(stem("".join(parts)))
            for part in parts:
                if len(part) >= 3 and part.isalpha() and part not in EN_STOP:
                    tokens.add(stem(part))
            continue
        if ident in EN_STOP or ident in CALENDAR_WORDS or (len(ident) < 2 and not ident.isdigit()):
            continue
        if ident.isdigit() or _CENTS.fullmatch(ident):
            continue  # bare numbers and prices in cents ("70c") are values, not subjects
        tokens.add(stem(_SHORT_FORMS.get(ident, ident)))
    return frozenset(tokens)


_CLIPPED_ES = re.compile(r"(?<![\w'’])(?:pa['’]l|(?:pa|na|to)['’](?=[\s,.;:!?»]|$))")
"""Spanish function words as Andalusia clips them: pa' (para), pa'l (para el), na' (nada),
to' (todo): about nothing ("pa' los estudios" and "pa' desguace" share no subject; a "Pa"
with no apostrophe may be a father)."""
_PER_UNIT = re.compile(r"\d+/[a-z]+")
"""A number per a unit ("000/month" of "Rs 32,000/month", "400/mo"): a value, no subject."""
_HYPHENATED = re.compile(r"[a-z]+(?:-[a-z]+)+")
"""Words joined by hyphens, nothing else ("t-mobile"; not "p/f")."""


THE_USER = frozenset(["user", "用户"])
"""What an agent calls its person ("User lives in Chengdu", 用户每周三去游泳)."""

PARENT_FORMS_ZH = {
    "阿妈": "妈妈",
    "老妈": "妈妈",
    "我妈": "妈妈",
    "妈咪": "妈妈",
    "母亲": "妈妈",
    "阿爸": "爸爸",
    "老爸": "爸爸",
    "我爸": "爸爸",
    "老豆": "爸爸",
    "父亲": "爸爸",
}
"""A parent called several ways in Chinese, each as the one word (阿妈 and 老妈 for 妈妈)."""

_SHORT_FORMS = {
    "asst": "assistant",
    "mgr": "manager",
    "appt": "appointment",
    "appts": "appointments",
    "dept": "department",
    "bday": "birthday",
    # one parent called several ways ("mummy don change her number" for "Mum's WhatsApp")
    "mummy": "mum",
    "mommy": "mum",
    "mom": "mum",
    "mother": "mum",
    "daddy": "dad",
    "father": "dad",
    # one's pay, named several ways ("Pay review letter came: I'm on NZ$118,500 now" for
    # "Salary: NZ$112,000")
    "pay": "salary",
    "wage": "salary",
    "wages": "salary",
    **PARENT_FORMS_ZH,
    # a bank by its short name ("去建行办嘢 ... 减月供" for "房贷：建设银行，月供 8,650 元")
    "建设银行": "建行",
    "工商银行": "工行",
    "招商银行": "招行",
    "农业银行": "农行",
    "交通银行": "交行",
}
"""Words notes shorten ("losing my asst" for "Assistant coach: Marcus Reed"), and the
names of a parent."""


def full_word(word: str) -> str:
    """The word a note shortens ("mgr" -> "manager"), or a parent's one name; else itself."""
    return _SHORT_FORMS.get(word, word)


@functools.lru_cache(maxsize=50000)
def is_specific(token: str) -> bool:
    """An identifier-like token (digits, separators) or a Chinese word of 2+ characters."""
    return bool(re.search(r"[0-9.:/@_-]", token)) or (
        bool(_HAS_CJK.search(token)) and len(token) >= 2
    )


@functools.lru_cache(maxsize=50000)
def is_identifier(token: str) -> bool:
    """A host, address or version-like token (letters with digits and separators)."""
    return (
        bool(re.search(r"\d", token)) and bool(re.search(r"[a-z]", token)) or token.count(".") >= 2
    )


@functools.lru_cache(maxsize=50000)
def has_cjk(text: str) -> bool:
    return bool(_HAS_CJK.search(text))


SURNAMES = (
    "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶"
    "程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾"
    "毛郝龚邵万钱严覃武戴莫孔向汤"
)
"""Common Chinese surnames, for people named by surname and title (张阿姨, 郑医生)."""
ZH_TITLES = "阿姨|医生|大夫|老师|师傅|律师|会计|经理|主任|姐|哥|叔|总"
"""Titles a Chinese person is called by after the surname."""


def _joined_titles(words: tuple[str, ...] | list[str]) -> list[str]:
    """老 or 小 cut off its surname by the segmenter put back together ("老 | 曹拉来" is 老曹
    and what follows, "老 | 曹 | 煤场" is 老曹)."""
    out: list[str] = []
    index = 0
    while index < len(words):
        word = words[index]
        after = words[index + 1] if index + 1 < len(words) else ""
        if word in ("老", "小") and after and after[0] in SURNAMES:
            out.append(word + after[0])
            if _TITLED_HEAD.fullmatch(after):
                out.append(after)  # "小 | 刘老师": 刘老师 too
            elif len(after) >= 3:
                out.append(after[1:])
            index += 2
            continue
        out.append(word)
        index += 1
    return out


_TITLED_HEAD = re.compile(f"[{SURNAMES}](?:阿姨|医生|大夫|老师|师傅|律师|姨)")
"""A person named by surname and title at the start of a segmented word (the titles that
do not start other words: not 总, 哥 or 姐)."""


@functools.lru_cache(maxsize=20000)
def opening_given_name(text: str) -> str | None:
    """The name a Chinese line opens with when the segmenter tags it a person's, a surname
    or not ("淑惠換了新手機號碼…", "小林换号了", "志明今天去中科…")."""
    found = re.match(r"\W*([\u4e00-\u9fff]{2,8})", normalize(text))
    if found is None:
        return None
    import jieba.posseg

    first = jieba.posseg.lcut(found.group(1))[0]
    return first.word if first.flag.startswith("nr") and 2 <= len(first.word) <= 3 else None


_ZH_NAME_FIRST = re.compile(f"\\W*([{SURNAMES}][\u4e00-\u9fff]{{1,2}})(?=\\s|[换搬改转的说手电])")
"""A Chinese full name opening a line ("周浩 换号 了", "李明说", "陈磊手机 139...")."""


@functools.lru_cache(maxsize=20000)
def opening_zh_name(text: str) -> str | None:
    """The Chinese person's name a line opens with, if any: a surname and one or two
    characters that the segmenter tags as a person's name (周浩; not 周末 or 王府井)."""
    found = _ZH_NAME_FIRST.match(normalize(text))
    if found is None:
        return None
    import jieba.posseg

    tagged = jieba.posseg.lcut(found.group(1))
    return found.group(1) if len(tagged) == 1 and tagged[0].flag == "nr" else None


@functools.lru_cache(maxsize=20000)
def given_name(token: str) -> str | None:
    """The given name of a Chinese full name of three characters (秀芝 of 王秀芝), by which
    the notes often call the person; None for any other word (高血压, 周末班)."""
    if len(token) != 3 or token[0] not in SURNAMES or not has_cjk(token):
        return None
    import jieba
    import jieba.posseg

    given = token[1:]
    freq = jieba.dt.FREQ
    if freq.get(token, 0) >= 20 or freq.get(given, 0) >= 200:
        return None  # a word of the dictionary (张家界, 黄金周, 马拉松), or the given name
        # is one (陈小姐, 张建国)
    flags = [w.flag for w in jieba.posseg.lcut(token)]
    return given if flags in (["nr"], ["nr", "nr"]) else None


def with_given_names(tokens: frozenset[str]) -> frozenset[str]:
    """``tokens`` and the given names of the Chinese full names among them."""
    given = {g for t in tokens if (g := given_name(t)) is not None}
    return tokens | given if given else tokens


_PROPER = re.compile(
    # not only between spaces: "私教Kevin", "跟Leo练"
    # (accented letters too: "Knödel", "Siân", "Zoë"; not ß: "Hobrechtstraße" is written
    # "Hobrechtstr." as often, a street and not a name)
    # (and a capital of Latin Extended-A or a Romanian one: "Pri Škofu", "Łódź", "Ġorġ")
    r"(?<![.!?]\s)(?<!^)(?<![A-Za-z0-9_\u00c0-\u024f])"
    r"([A-Z\u00c0-\u00de"
    r"ĀĂĄĆĈĊČĎĐĒĔĖĘĚĜĞĠĢĤĦĨĪĬĮİĲĴĶĹĻĽĿŁŃŅŇŊŌŎŐŒŔŖŘŚŜŞŠŢŤŦŨŪŬŮŰŲŴŶŸŹŻŽȘȚ]"
    r"[A-Za-z\u00e0-\u00f6\u00f8-\u024f]{2,}|[A-Z]{2,}[a-z]*)"
    r"(?![A-Za-z0-9_\u00c0-\u024f])"
    r"|\b([a-z]+[A-Z][A-Za-z]*)\b"  # a brand in camel case anywhere: memoQ, iPhone, eBay
)


_TITLES = re.compile(r"\b(Dr|Mr|Mrs|Ms|Prof|St|Mt)\.\s")


@functools.lru_cache(maxsize=50000)
def proper_nouns(text: str) -> frozenset[str]:
    """Capitalised words inside a line (not its first word, nor one after a sentence's
    end), stemmed like subject tokens. A word after a label's colon counts ("Task tracking:
    Jira project"): in memory entries that is a value, mostly a name. In a line with Chinese
    in it, a first word with a capital or a digit inside counts too, a brand ("ChatGPT Plus
    退订了", "SU7 提车了"; not "Lab 在 材料楼", a label)."""
    plain = _TITLES.sub(lambda m: m.group(1) + " ", unicodedata.normalize("NFKC", text))
    names = {stem((m.group(1) or m.group(2)).lower()) for m in _PROPER.finditer(plain)}
    if _HAS_CJK.search(plain) and (first := _BRAND_FIRST.match(plain)) is not None:
        names.add(stem(first.group(1).lower()))
    return frozenset(n for n in names if n not in EN_STOP and n not in CALENDAR_WORDS)


_BRAND_FIRST = re.compile(r"\W*([A-Z][a-z]*[A-Z0-9][A-Za-z0-9]*)(?![A-Za-z0-9])")
"""A line's first word with a capital or a digit inside: a brand, a product ("ChatGPT")."""


_CAPS_RUN = re.compile(r"\b[A-Z][a-z][\w'’-]*(?:\s+(?:(?:of|and|&)\s+)?[A-Z][\w'’-]*){0,4}")


@functools.lru_cache(maxsize=20000)
def acronyms(text: str) -> tuple[tuple[str, frozenset[str]], ...]:
    """The acronyms a text's capitalised names can be written as, with the name's words:
    ("gfw", {glasgow, fiddl, workshop}) for "Glasgow Fiddle Workshop", ("bk", ...) for
    "BackerKit"."""
    out = []
    for match in _CAPS_RUN.finditer(unicodedata.normalize("NFKC", text)):
        initials = "".join(ch for ch in match.group(0) if ch.isupper())
        if 2 <= len(initials) <= 5:
            words = subject_tokens(match.group(0))
            if words:
                out.append((initials.lower(), words))
    return tuple(out)


def head_tokens(text: str, count: int = 2) -> tuple[str, ...]:
    """The first subject tokens of a line, in order: usually what it is about
    ("Backups run nightly", "Sprint planning happens", "王芳负责...")."""
    tokens = subject_tokens(text)
    norm = normalize(text)
    order: list[tuple[int, str]] = []
    for token in tokens:
        at = norm.find(token)
        if at < 0 and token.isalpha():
            at = norm.find(token[: max(3, len(token) - 1)])
        if at >= 0:
            order.append((at, token))
    order.sort()
    return tuple(token for _, token in order[:count])
