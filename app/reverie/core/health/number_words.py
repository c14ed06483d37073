"""Numbers written in words in the languages of Europe's notes, where they are amounts.

English and French number words are read in ``values.py`` (they come before units and
rates too). Here: Spanish, Catalan, Portuguese, Italian, German and Swiss German, Dutch,
Polish, Czech, Romanian, Swedish, Finnish and Hungarian, before a currency word or sign
("cuarenta y cinco euros", "mil e duzentos reais", "vierhundertzwanzig Euro", "trzydzieści
dwa złote", "cinci mii două sute de lei", "kétszázhetvenöt forint"), or right after a word of
now ("agora é cento e vinte e cinco"). Several of these languages write a number as one word
("milleduecento", "neljäsataakolmekymmentäviisi"): a word counts when it splits wholly into
the pieces below, and the pieces must make a number as numbers are written.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping

ADD, HUNDRED, TENS, THOUSAND, MILLION, AND = "add", "hundred", "tens", "thousand", "M", "and"
"""How a piece counts: added; times the number before it within the thousand (a hundred;
Finnish ``kymmentä`` times the last number only); closing a thousand or a million; a
connector."""


def _counting(names: str, first: int = 0, step: int = 1) -> dict[str, int]:
    """``"a b|b2 c"`` -> {a: first, b: first+step, b2: first+step, c: first+2*step}."""
    return {
        name: first + step * i for i, group in enumerate(names.split()) for name in group.split("|")
    }


_ES = {
    **_counting("cero un|uno|una dos tres cuatro cinco seis siete ocho nueve diez once doce"
                " trece catorce quince dieciséis|dieciseis diecisiete dieciocho diecinueve"),
    **_counting("veinte treinta cuarenta cincuenta sesenta setenta ochenta noventa",
                20, 10),
    "veintiuno": 21, "veintiún": 21, "veintiuna": 21, "veintidós": 22, "veintidos": 22,
    "veintitrés": 23, "veintitres": 23, "veinticuatro": 24, "veinticinco": 25,
    "veintiséis": 26, "veintiseis": 26, "veintisiete": 27, "veintiocho": 28,
    "veintinueve": 29,
    **_counting("doscientos|doscientas trescientos|trescientas cuatrocientos|cuatrocientas"
                " quinientos|quinientas seiscientos|seiscientas setecientos|setecientas"
                " ochocientos|ochocientas novecientos|novecientas", 200, 100),
}  # fmt: skip
_PT = {
    **_counting("zero um|uma dois|duas três|tres quatro cinco seis sete oito nove dez onze"
                " doze treze catorze|quatorze quinze dezesseis|dezasseis dezessete|dezassete"
                " dezoito dezenove|dezanove"),
    **_counting("vinte trinta quarenta cinquenta sessenta setenta oitenta noventa", 20, 10),
    **_counting("duzentos|duzentas trezentos|trezentas quatrocentos|quatrocentas"
                " quinhentos|quinhentas seiscentos|seiscentas setecentos|setecentas"
                " oitocentos|oitocentas novecentos|novecentas", 200, 100),
}  # fmt: skip
_IT = {
    **_counting("zero uno|una|un due tre|tré quattro cinque sei sette otto nove dieci undici"
                " dodici tredici quattordici quindici sedici diciassette diciotto"
                " diciannove"),
    # a ten loses its vowel before uno and otto ("ventotto", "trentuno")
    **_counting("venti|vent trenta|trent quaranta|quarant cinquanta|cinquant"
                " sessanta|sessant settanta|settant ottanta|ottant novanta|novant", 20, 10),
}  # fmt: skip
_DE = {
    **_counting("null ein|eins|eine zwei|zwo drei vier fünf|fuenf sechs sieben acht neun zehn"
                " elf zwölf|zwoelf dreizehn vierzehn fünfzehn|fuenfzehn sechzehn siebzehn"
                " achtzehn neunzehn"),
    **_counting("zwanzig dreißig|dreissig vierzig fünfzig|fuenfzig sechzig siebzig achtzig"
                " neunzig", 20, 10),
}  # fmt: skip
_NL = {
    **_counting("nul een|één twee drie vier vijf zes zeven acht negen tien elf twaalf dertien"
                " veertien vijftien zestien zeventien achttien negentien"),
    **_counting("twintig dertig veertig vijftig zestig zeventig tachtig negentig", 20, 10),
}  # fmt: skip
_PL = {
    **_counting("zero jeden|jedna|jedno dwa|dwie trzy cztery pięć sześć siedem osiem dziewięć"
                " dziesięć jedenaście dwanaście trzynaście czternaście piętnaście szesnaście"
                " siedemnaście osiemnaście dziewiętnaście"),
    **_counting("dwadzieścia trzydzieści czterdzieści pięćdziesiąt sześćdziesiąt"
                " siedemdziesiąt osiemdziesiąt dziewięćdziesiąt", 20, 10),
    **_counting("sto dwieście trzysta czterysta pięćset sześćset siedemset osiemset"
                " dziewięćset", 100, 100),
}  # fmt: skip
_CS = {
    **_counting("nula jeden|jedna|jedno dva|dvě tři čtyři pět šest sedm osm devět deset"
                " jedenáct dvanáct třináct čtrnáct patnáct šestnáct sedmnáct osmnáct"
                " devatenáct"),
    **_counting("dvacet třicet čtyřicet padesát šedesát sedmdesát osmdesát devadesát", 20, 10),
    "sto": 100,
}  # fmt: skip
_RO = {
    **_counting("zero unu|una doi|două|doua trei patru cinci șase|sase|şase șapte|sapte|şapte"
                " opt nouă|noua zece unsprezece doisprezece|douăsprezece treisprezece"
                " paisprezece cincisprezece șaisprezece|saisprezece șaptesprezece|saptesprezece"
                " optsprezece nouăsprezece|nouasprezece"),
    **_counting("douăzeci|douazeci treizeci patruzeci cincizeci șaizeci|saizeci|şaizeci"
                " șaptezeci|saptezeci|şaptezeci optzeci nouăzeci|nouazeci", 20, 10),
}  # fmt: skip
_SV = {
    **_counting("noll ett två tre fyra fem sex sju åtta nio tio elva tolv tretton fjorton"
                " femton sexton sjutton arton nitton"),
    **_counting("tjugo trettio fyrtio femtio sextio sjuttio åttio nittio", 20, 10),
}  # fmt: skip
_FI = {
    **_counting("nolla yksi kaksi kolme neljä viisi|viis kuusi seitsemän|seittemän"
                " kahdeksan|kaheksan yhdeksän|yheksän kymmenen"),
    "toista": 10,  # yksitoista 11, kaksitoista 12 ...
    "sata": 100,
    "tuhat": 1000,
}  # fmt: skip
_CA = {
    **_counting("zero un|una dos|dues tres quatre cinc sis set vuit nou deu onze dotze tretze"
                " catorze quinze setze disset divuit dinou"),
    **_counting("vint trenta quaranta cinquanta seixanta setanta vuitanta noranta", 20, 10),
    **_counting("dos-cents|dues-centes tres-cents|tres-centes quatre-cents|quatre-centes"
                " cinc-cents|cinc-centes sis-cents|sis-centes set-cents|set-centes"
                " vuit-cents|vuit-centes nou-cents|nou-centes", 200, 100),
}  # fmt: skip
_GSW = {
    **_counting("null eis|eins|ei zwei|zwöi|zwee drü vier föif|füüf sächs sibe acht nüün zäh elf"
                " zwölf drizäh vierzäh füfzäh sächzäh sibezäh achtzäh nüünzäh"),
    **_counting("zwänzg drissg|driissg vierzg füfzg sächzg sibezg achtzg nüünzg", 20, 10),
}  # fmt: skip
"""Swiss German (the franc words are left out: "drü Franke füfzg" is 3.50, not 3)."""
_HU = {
    **_counting("nulla egy kettő|két három négy öt hat hét nyolc kilenc tíz"),
    **_counting("húsz harminc negyven ötven hatvan hetven nyolcvan kilencven", 20, 10),
    "tizen": 10,  # tizenöt 15
    "huszon": 20,  # huszonöt 25
}  # fmt: skip

PIECES: Mapping[str, tuple[int, str]] = {
    **{w: (v, ADD) for lang in (_ES, _PT, _IT, _DE, _NL, _PL, _CS, _RO, _SV, _FI, _HU, _CA, _GSW)
       for w, v in lang.items()},
    # a hundred times the number before it: "doscientos" is a word of its own
    **dict.fromkeys(("cien", "ciento", "cem", "cento", "cent", "hundert", "honderd", "hundra",
                     "cents", "centes", "sta", "stě", "set", "sută", "suta", "sute", "száz",
                     "sataa"), (100, HUNDRED)),
    "kymmentä": (10, TENS),
    **dict.fromkeys(("mil", "mille", "mila", "tausend", "tuusig", "duizend", "tysiąc", "tysiące",
                     "tysięcy", "tisíc", "tisíce", "mie", "mii", "tusen", "tuhatta", "ezer"),
                    (1000, THOUSAND)),
    **dict.fromkeys(("millón", "millon", "millones", "milhão", "milhao", "milhões", "milhoes",
                     "milione", "milioni", "million", "millionen", "miljoen", "miljoner",
                     "milion", "miliony", "milionów", "milión", "milióny",
                     "milioane", "miljoona", "miljoonaa", "millió"), (1_000_000, MILLION)),
    **dict.fromkeys(("y", "e", "i", "und", "en", "ën", "och", "și", "şi", "si", "és"), (0, AND)),
}  # fmt: skip
"""Every piece of a number, in any of the languages (a word means the same in most that
have it: "tre" is three in Italian and Swedish, "sto" a hundred in Polish and Czech; where
they differ the later kind wins: "set" is Czech's hundred after a number, not Catalan's
seven)."""

_PIECE = "|".join(sorted(map(re.escape, PIECES), key=len, reverse=True))
_WHOLE = re.compile(rf"(?:{_PIECE})+")

CURRENCY_WORDS = (
    r"euros?|euro[at]|euroo|€|reais|real|contos?|pavos|pesos|soles|dólares|dolares"
    r"|francos|franken|franchi|złotych|złote|złoty|zł|zl|korun|koruny|koruna|kč|kc"
    r"|lei|leu|kronor|kronan|kr|forint(?:ot)?|ft|sek|nok|dkk|pln|czk|huf|ron|chf|eur|brl"
)
_CURRENCY = re.compile(rf"(?<=[^\W\d_])\s(?:de\s)?(?:{CURRENCY_WORDS})(?!\w)")
_WORDS_BEFORE = re.compile(r"(?:[^\W\d_]+[\s-]+){0,7}[^\W\d_]+$")
"""The words right before a currency (at most eight: no number is longer in words)."""


@functools.lru_cache(maxsize=4096)
def split_word(word: str) -> tuple[str, ...] | None:
    """The pieces ``word`` is made of, longest first where there is a choice (None: it is
    not wholly a number)."""
    if not _WHOLE.fullmatch(word):
        return None
    return _split(word)


def _split(word: str) -> tuple[str, ...] | None:
    if not word:
        return ()
    for end in range(len(word), 0, -1):
        head = word[:end]
        if head in PIECES:
            rest = _split(word[end:])
            if rest is not None:
                return (head, *rest)
    return None


_AFTER_A_NUMBER = frozenset(
    ("sta", "stě", "set", "sute", "sataa", "tuhatta", "mii", "tysiące", "tysięcy", "tisíce",
     "kymmentä", "toista")
)  # fmt: skip
"""Pieces that only follow a number ("pět set", "kolmesataa"): none opens one (English
"set")."""


def value_of(words: Iterable[str]) -> int | None:
    """The number the words make ("dos mil quinientos" 2500, "duecento" 200,
    "neljäsataakolmekymmentäviisi" 435, "dreiundzwanzig" 23); None when one is no number
    word or the pieces do not make a number as numbers are written ("doce cincuenta", said
    for 12.50, is no 62)."""
    pieces: list[str] = []
    for word in words:
        split = split_word(word)
        if split is None:
            return None
        pieces.extend(split)
    if not pieces or pieces[0] in _AFTER_A_NUMBER:
        return None
    if PIECES[pieces[0]][1] == AND or PIECES[pieces[-1]][1] == AND:
        return None
    total = section = last = 0
    joined = False
    for piece in pieces:
        value, kind = PIECES[piece]
        if kind == AND:
            joined = True
            continue
        if kind == ADD:
            if last and not _follows(last, value, joined or piece == "toista"):
                return None
            section += value
            last = value
        elif kind == HUNDRED:
            section = (section or 1) * 100 if section < 10 else section - last + last * 100
            last = 0
        elif kind == TENS:
            if not last:
                return None
            section += last * 9
            last = 0
        elif kind == THOUSAND:
            total += (section or 1) * 1000
            section = last = 0
        else:  # a million
            total += (section or 1) * 1_000_000
            section = last = 0
        joined = False
    return total + section


def _follows(last: int, value: int, joined: bool) -> bool:
    """Whether ``value`` may be added right after ``last`` within one hundred (or after a
    round number that is written whole, as Finnish "tuhat"): a unit after a ten ("trzydzieści
    dwa"), anything smaller after a round hundred or thousand, and with a connector a ten after
    a unit too ("drei und zwanzig", "acht en twintig") or the teen ending ("yksi toista")."""
    if value < last and last % 10 == 0:
        return True
    return joined and last < 10 and (value % 10 == 0 and 20 <= value <= 90 or value == 10)


def _number_ending(words: list[str]) -> tuple[int, int] | None:
    """(index of the first word, value) of the longest run of number words that ends
    ``words``; None when the last word is no number."""
    best = None
    for start in range(len(words) - 1, -1, -1):
        if PIECES.get(words[start], (0, ""))[1] == AND:
            continue
        value = value_of(words[start:])
        if value is None:  # a word before that is no number, or numbers that do not add up
            split = split_word(words[start])
            if split is not None and split[0] in _AFTER_A_NUMBER:
                continue  # "set" in "pět set": the number before it opens the run
            return best if split is None else None
        best = (start, value)
    return best


_NOW_SAID = re.compile(
    r"(?<![\w'’])(?:agora(?: é| são)?|fica|ficou|ahora(?: es| son| está)?|ya son|ya es|jetzt"
    r"|nun|adesso(?: è| sono)?|ora(?: è| sono)|teraz|nyt|most|acum)\s"
)
"""Now, is, comes to, before a new value said in words with no currency ("agora é cento e
vinte e cinco, Vavá, o gás subiu", "o aluguel fica mil e quatrocentos")."""
_WORDS_AFTER = re.compile(r"[^\W\d_]+(?:[\s-]+[^\W\d_]+){0,7}")


def _number_opening(words: list[str]) -> tuple[int, int] | None:
    """(number of words, value) of the longest run of number words that opens ``words``
    and makes a number of at least 10 (a lone "uma" after "agora é" is an article)."""
    best = None
    for end in range(1, len(words) + 1):
        if split_word(words[end - 1]) is None:
            break
        value = value_of(words[:end])
        if value is not None:
            best = (end, value)
    return best if best is not None and best[1] >= 10 else None


def numbers_after_now(norm: str) -> list[tuple[int, int, int]]:
    """(start, end, value) of each number in these languages' words right after a word of
    now (:data:`_NOW_SAID`)."""
    found: list[tuple[int, int, int]] = []
    for now in _NOW_SAID.finditer(norm):
        after = _WORDS_AFTER.match(norm, now.end())
        if after is None:
            continue
        words = re.split(r"[\s-]+", after.group(0))
        opening = _number_opening(words)
        if opening is None:
            continue
        count, value = opening
        found.append((now.end(), _past(norm, now.end(), words[:count]), value))
    return found


def _past(norm: str, at: int, words: list[str]) -> int:
    """Where ``words`` (split on spaces and hyphens, from ``at`` on in ``norm``) end."""
    for word in words:
        at = norm.index(word, at) + len(word)
    return at


def numbers_before_currency(norm: str) -> list[tuple[int, int, int]]:
    """(start, end, value) of each number in these languages' words right before a currency
    in ``norm`` (lower case)."""
    found: list[tuple[int, int, int]] = []
    done = 0
    for currency in _CURRENCY.finditer(norm):
        before = _WORDS_BEFORE.search(norm, done, currency.start())
        done = currency.end()
        if before is None:
            continue
        words = re.split(r"[\s-]+", before.group(0))
        ending = _number_ending(words)
        if ending is None:
            continue
        first, value = ending
        at = _past(norm, before.start(), words[:first])
        found.append((norm.index(words[first], at), currency.start(), value))
    return found


def spelled_numbers(norm: str) -> list[tuple[int, int, int]]:
    """(start, end, value) of the numbers in these languages' words that are amounts: before
    a currency, or after a word of now; in order, none overlapping."""
    found = sorted(numbers_before_currency(norm) + numbers_after_now(norm))
    kept: list[tuple[int, int, int]] = []
    for start, end, value in found:
        if kept and start < kept[-1][1]:
            continue
        kept.append((start, end, value))
    return kept


def spelled_in_digits(norm: str) -> str:
    """``norm`` (lower case) with numbers in these languages' words put in digits where
    they are amounts (:func:`spelled_numbers`: "pagamos mil e duzentos reais" → "pagamos
    1200 reais", "agora é cento e vinte e cinco" → "agora é 125")."""
    parts: list[str] = []
    done = 0
    for start, end, value in spelled_numbers(norm):
        parts += [norm[done:start], str(value)]
        done = end
    parts.append(norm[done:])
    return "".join(parts)
