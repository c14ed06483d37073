"""Numbers in the words of eleven European languages, before a currency or after "now"."""

from __future__ import annotations

import pytest

from reverie.core.health.number_words import spelled_in_digits, value_of
from reverie.core.health.values import as_written, typed_values, value_conflict


@pytest.mark.parametrize(
    ("said", "digits"),
    [
        ("cuarenta y cinco euros", "45 euros"),  # Spanish
        ("dos mil quinientos pesos", "2500 pesos"),
        ("un millón de pesos", "1000000 de pesos"),
        ("pagamos mil e duzentos reais", "pagamos 1200 reais"),  # Portuguese
        ("cento e vinte e cinco reais", "125 reais"),
        ("oitenta conto", "80 conto"),
        ("la margherita a sei euro", "la margherita a 6 euro"),  # Italian
        ("milleduecento euro", "1200 euro"),
        ("ventotto euro", "28 euro"),
        ("vierhundertzwanzig euro pro hektar", "420 euro pro hektar"),  # German
        ("dreiundzwanzig euro", "23 euro"),
        ("achtentwintig euro", "28 euro"),  # Dutch
        ("tweeëntwintig euro", "22 euro"),
        ("trzydzieści dwa złote", "32 złote"),  # Polish
        ("pivo za šedesát devět korun", "pivo za 69 korun"),  # Czech
        ("pět set korun", "500 korun"),
        ("chiria e cinci mii două sute de lei", "chiria e 5200 de lei"),  # Romanian
        ("femtio kronor", "50 kronor"),  # Swedish
        ("nyt neljäsataakolmekymmentäviisi euroa kuussa", "nyt 435 euroa kuussa"),  # Finnish
        ("tuhat kolmesataakahdeksankymmentä euroa", "1380 euroa"),
        ("pulla nyt viis euroo", "pulla nyt 5 euroo"),
        ("kétszázhetvenöt forint kilója", "275 forint kilója"),  # Hungarian
        ("tizenöt forint", "15 forint"),
        # after a word of now, with no currency
        ("agora é cento e vinte e cinco, o gás subiu", "agora é 125, o gás subiu"),
        ("o aluguel fica mil e quatrocentos, vavá", "o aluguel fica 1400, vavá"),
        ("ya son setenta y cuatro alumnas", "ya son 74 alumnas"),
    ],
)
def test_numbers_in_words_before_a_currency(said: str, digits: str) -> None:
    assert spelled_in_digits(said) == digits


@pytest.mark.parametrize(
    "said",
    [
        "doce cincuenta dólares",  # $12.50 said as "twelve fifty": no 62
        "set euro",  # English "set": a Czech hundred only after a number
        "the rent euro",
        "e euros",
        "nu dertien in de lease",  # a count with no currency after it
        "once a week 5 euros",
        "agora é uma loucura",  # an article, not a one
        "agora é a losartana de manhã",
    ],
)
def test_words_that_make_no_amount_stay_as_they_are(said: str) -> None:
    assert spelled_in_digits(said) == said


def test_a_number_is_made_as_numbers_are_written() -> None:
    assert value_of(["dvanáct", "set"]) == 1200
    assert value_of(["yksitoista"]) == 11
    assert value_of(["doce", "cincuenta"]) is None
    assert value_of(["y"]) is None
    assert value_of(["kymmentä"]) is None


def test_a_price_in_words_is_a_new_value_shown_as_written() -> None:
    conflict = value_conflict(
        "Vastike (housing company fee) 410 €/month.",
        "vastike nousi lokakuusta, nyt neljäsataakolmekymmentäviisi euroa kuussa",
    )
    assert conflict is not None and (conflict[0].value, conflict[1].value) == ("410", "435")
    assert as_written("Inma pide ciento sesenta y cinco euros por el de adulta", "165 euros") == (
        "ciento sesenta y cinco euros"
    )
    assert [v.value for v in typed_values("Miete: vierhundertsechzig Euro ab 1.7.")] == ["460"]
