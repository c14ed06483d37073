"""Phrases: English by default, translated part by part, never broken by a translation."""

from __future__ import annotations

import pytest

from reverie.core.phrase import Phrase, fields, phrase, template

OUTER = template("test: {count} lines in {path}: {inner}")
INNER = template('test: says "{words}"')


def test_english_and_translated_renderings() -> None:
    said = phrase(OUTER, count=3, path="memory/a.md", inner=phrase(INNER, words="now 6380"))
    assert str(said) == 'test: 3 lines in memory/a.md: test: says "now 6380"'
    table = {OUTER: "{path} 里 {count} 行：{inner}", INNER: "写着“{words}”"}
    assert said.render(lambda t: table.get(t, t)) == "memory/a.md 里 3 行：写着“now 6380”"
    assert said.arg("count") == 3 and said.arg("missing") is None


def test_values_are_never_read_as_templates() -> None:
    said = phrase(INNER, words="{path} {0}")
    assert str(said) == 'test: says "{path} {0}"'


def test_a_translation_that_does_not_fit_falls_back_to_english() -> None:
    said = phrase(INNER, words="x")
    assert said.render(lambda t: "{unknown} {words}") == 'test: says "x"'
    assert said.render(lambda t: "{words") == 'test: says "x"'


def test_undeclared_templates_and_missing_fields_are_refused() -> None:
    with pytest.raises(ValueError, match="undeclared"):
        phrase("test: never declared {x}", x=1)
    with pytest.raises(ValueError, match="lacks"):
        phrase(OUTER, count=1)
    assert fields(OUTER) == {"count", "path", "inner"}
    assert str(Phrase("plain")) == "plain"
