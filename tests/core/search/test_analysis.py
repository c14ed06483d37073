from __future__ import annotations

from reverie.core.text.analysis import analyze, analyze_query, fold, term_spans


def test_fold_strips_case_and_diacritics() -> None:
    assert fold("Café ÜBER") == "cafe uber"


def test_english_is_stemmed_and_stop_words_dropped() -> None:
    assert analyze("The meetings were scheduled") == ["meet", "schedul"]


def test_chinese_gets_unigrams_and_bigrams() -> None:
    terms = analyze("我在北京工作")
    assert "北京" in terms and "工作" in terms and "京" in terms
    assert "在" not in terms  # a function character is not a unigram term


def test_query_uses_bigrams_and_or() -> None:
    q = analyze_query("北京 meetings")
    assert q.terms == ("北京", "meet")
    assert q.match == '"北京" OR "meet"'


def test_query_of_only_stop_words_is_empty() -> None:
    assert analyze_query("what is the").empty


def test_term_spans_locate_matches_in_original_text() -> None:
    text = "Meetings in 北京 today"
    spans = term_spans(text, ["meet", "北京"])
    assert [text[s:e] for s, e in spans] == ["Meetings", "北京"]
